// Subdivision reforms newer than the build's sources. Natural Earth's admin-1 still draws Norway's 19 counties of
// before 2020, and CLDR 48 (like iso-3166 4.4) lists the 11 of 2020 to 2023; ISO 3166-2:NO has listed the 15
// counties of 1 January 2024 since its newsletter of 2024-11 (the codes are Statistics Norway's county numbers).
// Every 2024 county is one or two of the old ones whole, so the build merges the old outlines (their shared
// border becomes interior and goes) and the old codes stay as aliases of the county that holds them. The codes of
// 2020 to 2023 that were split again (NO-30 Viken, NO-38 Vestfold og Telemark, NO-54 Troms og Finnmark) map to no
// one county and are not accepted.

/** ISO 3166-2 code → English name, per country: CLDR's list (subdivision-ids.ts, which reads the codes here). */
type SubdivisionLists = ReadonlyMap<string, ReadonlyMap<string, string>>;

interface Reform {
  /** the day the list is true for, and where it comes from */
  asOf: string;
  source: string;
  /** the current subdivisions: code → English name and the codes Natural Earth draws them with */
  current: Readonly<Record<string, { name: string; from: readonly string[] }>>;
}

const NORWAY_2024: Reform = {
  asOf: '2024-01-01',
  source: 'ISO 3166-2:NO (newsletter 2024-11); Statistics Norway, county numbers from 2024',
  current: {
    'NO-03': { name: 'Oslo', from: ['NO-03'] },
    'NO-11': { name: 'Rogaland', from: ['NO-11'] },
    'NO-15': { name: 'Møre og Romsdal', from: ['NO-15'] },
    'NO-18': { name: 'Nordland', from: ['NO-18'] },
    'NO-21': { name: 'Svalbard', from: ['NO-21'] },
    'NO-22': { name: 'Jan Mayen', from: [] },
    'NO-31': { name: 'Østfold', from: ['NO-01'] },
    'NO-32': { name: 'Akershus', from: ['NO-02'] },
    'NO-33': { name: 'Buskerud', from: ['NO-06'] },
    'NO-34': { name: 'Innlandet', from: ['NO-04', 'NO-05'] },
    'NO-39': { name: 'Vestfold', from: ['NO-07'] },
    'NO-40': { name: 'Telemark', from: ['NO-08'] },
    'NO-42': { name: 'Agder', from: ['NO-09', 'NO-10'] },
    'NO-46': { name: 'Vestland', from: ['NO-12', 'NO-14'] },
    'NO-50': { name: 'Trøndelag', from: ['NO-16', 'NO-17'] },
    'NO-55': { name: 'Troms', from: ['NO-19'] },
    'NO-56': { name: 'Finnmark', from: ['NO-20'] },
  },
};

/** Iran's provinces as ISO 3166-2:IR numbers them now: IR-00 to IR-30, with Alborz (split from Tehran in 2010)
 *  apart. CLDR 48 and Natural Earth keep the old numbering, whose codes the new one gives to other provinces
 *  (IR-07 was Tehran and is Fars), so no old code is an alias: the units are matched by name
 *  (subdivision-ids.ts), Natural Earth's Alborz, filed under Tehran's old IR-07, included. */
const IRAN: Reform = {
  asOf: '2026-03-05',
  source: 'ISO 3166-2:IR as the npm package iso-3166 4.4 lists it',
  current: Object.fromEntries(
    (
      [
        ['IR-00', 'Markazi'],
        ['IR-01', 'Gilan'],
        ['IR-02', 'Mazandaran'],
        ['IR-03', 'East Azerbaijan'],
        ['IR-04', 'West Azerbaijan'],
        ['IR-05', 'Kermanshah'],
        ['IR-06', 'Khuzestan'],
        ['IR-07', 'Fars'],
        ['IR-08', 'Kerman'],
        ['IR-09', 'Razavi Khorasan'],
        ['IR-10', 'Isfahan'],
        ['IR-11', 'Sistan and Baluchestan'],
        ['IR-12', 'Kurdistan'],
        ['IR-13', 'Hamadan'],
        ['IR-14', 'Chaharmahal and Bakhtiari'],
        ['IR-15', 'Lorestan'],
        ['IR-16', 'Ilam'],
        ['IR-17', 'Kohgiluyeh and Boyer-Ahmad'],
        ['IR-18', 'Bushehr'],
        ['IR-19', 'Zanjan'],
        ['IR-20', 'Semnan'],
        ['IR-21', 'Yazd'],
        ['IR-22', 'Hormozgan'],
        ['IR-23', 'Tehran'],
        ['IR-24', 'Ardabil'],
        ['IR-25', 'Qom'],
        ['IR-26', 'Qazvin'],
        ['IR-27', 'Golestan'],
        ['IR-28', 'North Khorasan'],
        ['IR-29', 'South Khorasan'],
        ['IR-30', 'Alborz'],
      ] as const
    ).map(([code, name]) => [code, { name, from: [] }]),
  ),
};

/** Reformed countries by ISO 3166-1 alpha-2 code. */
const REFORMS: Readonly<Record<string, Reform>> = { NO: NORWAY_2024, IR: IRAN };

/** The countries whose list a reform replaces: their codes are current though ISO's package lists others. */
export const REFORMED_COUNTRIES: ReadonlySet<string> = new Set(Object.keys(REFORMS));

/** Natural Earth's code of a unit that a reform renamed or merged → the current code (`NO-04` → `NO-34`). */
export const REFORMED_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(REFORMS).flatMap(({ current }) =>
    Object.entries(current).flatMap(([code, { from }]) => from.filter((old) => old !== code).map((old) => [old, code])),
  ),
);

/** CLDR's list with each reformed country's current subdivisions in place of what CLDR lists for it. */
export function withReforms(cldr: SubdivisionLists): SubdivisionLists {
  const lists = new Map(cldr);
  for (const [country, { current }] of Object.entries(REFORMS)) {
    lists.set(country, new Map(Object.entries(current).map(([code, { name }]) => [code, name])));
  }
  return lists;
}

/** The day and source of a country's reformed list, for its scope's credits; undefined where none applies. */
export function reformOf(country: string): { asOf: string; source: string } | undefined {
  const reform = REFORMS[country];
  return reform && { asOf: reform.asOf, source: reform.source };
}

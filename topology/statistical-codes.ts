// The codes national statistics offices and Eurostat key their tables by, as aliases of the units we draw
// (DECISIONS §10 "Ids"): Destatis' AGS, INSEE's département and région codes, INE's, ISTAT's, IBGE's, StatCan's
// SGC, the ABS's, Japan's JIS and local-government codes, ONS GSS codes, China's GB/T 2260, India's census and
// LGD codes, and Eurostat's NUTS 2024 codes where a NUTS region is one of our units. The tables are in
// topology/codes/ (README.md there names each one's source and licence); docs/region-codes.md says what resolves.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { TIER, type RegionDraft } from './aliases.js';

export const CODES_DIR = fileURLToPath(new URL('./codes/', import.meta.url));

/** One code of one unit, on a scope's own regions (`FR`) or on one of its divisions (`FR.regions`). */
export interface CodeRow {
  /** `FR`, `FR.regions`, `world`: as the build names a scope's level (the file names `FR.regions-medium.json`) */
  level: string;
  code: string;
  /** our region id */
  id: string;
  /** the table it comes from */
  file: string;
}

type Row = Record<string, string | undefined>;

/** A national table: its file, the level its codes are of and the columns that hold codes. */
interface NationalTable {
  file: string;
  level: string;
  columns: readonly string[];
}

const NATIONAL: readonly NationalTable[] = [
  { file: 'de-ags-laender.csv', level: 'DE', columns: ['code'] },
  { file: 'fr-insee-departements.json', level: 'FR', columns: ['insee'] },
  { file: 'fr-insee-regions.json', level: 'FR.regions', columns: ['insee'] },
  { file: 'es-ine-provincias.csv', level: 'ES', columns: ['code'] },
  { file: 'es-ine-ccaa.csv', level: 'ES.communities', columns: ['code'] },
  // the current code (UTS: `201` for the metropolitan city of Turin) and the historical one (`001`)
  { file: 'it-istat-province.csv', level: 'IT', columns: ['uts', 'storico'] },
  { file: 'it-istat-regioni.csv', level: 'IT.regions', columns: ['code'] },
  { file: 'pt-ine-distritos.csv', level: 'PT', columns: ['code'] },
  { file: 'br-ibge-uf.csv', level: 'BR', columns: ['code'] },
  { file: 'ca-sgc-provinces.csv', level: 'CA', columns: ['code'] },
  { file: 'au-abs-states.csv', level: 'AU', columns: ['code'] },
  { file: 'jp-jis-prefectures.csv', level: 'JP', columns: ['code'] },
  { file: 'cn-gbt2260-provinces.csv', level: 'CN', columns: ['code'] },
  { file: 'in-census2011-states.csv', level: 'IN', columns: ['code'] },
  { file: 'in-lgd-states.csv', level: 'IN', columns: ['code'] },
  { file: 'gb-gss-council-areas.json', level: 'GB', columns: ['gss', 'former'] },
  { file: 'gb-gss-nations.json', level: 'GB.nations', columns: ['gss'] },
];

/**
 * Codes a table gives that name an area other than our unit's, left out: ISTAT's `292` is the metropolitan city
 * of Cagliari (2016), smaller than the province we draw; NUTS 2021 made Sardinia's NUTS 3 regions of the
 * provinces of 2016, which our eight older ones are not; GSS `N09000003` is the Belfast of 2015, larger than the
 * district of 1973 we draw (docs/region-codes.md).
 */
const OTHER_AREA = new Set(['IT:292', 'IT:ITG2D', 'IT:ITG2E', 'IT:ITG2F', 'IT:ITG2G', 'GB:N09000003']);

/** Hungary's NUTS 3 regions are its counties with the cities with county rights in them, which we draw apart
 *  (Érd in Pest): a county's code is a sum of our units, but Budapest's is Budapest. */
const isHungarianSum = (row: CodeRow) => row.level === 'HU' && row.file === 'nuts-to-units.csv' && row.id !== 'HU-BU';

/** Council areas abolished since our boundaries were drawn whose successor covers the same area, so its GSS code
 *  means our unit: Buckinghamshire (2020), North Yorkshire and Somerset (2023). Dorset's successor lost
 *  Christchurch, Northamptonshire and Cumbria were split, Bournemouth and Poole merged: theirs do not. */
const SAME_AREA_SUCCESSOR = new Set(['GB-BKM', 'GB-NYK', 'GB-SOM']);

/** Eurostat's country codes where they are not ISO 3166-1's: Greece is `EL` (`UK` is already an alias of GB). */
const EUROSTAT_COUNTRIES: readonly CodeRow[] = [{ level: 'world', code: 'EL', id: 'GR', file: 'Eurostat (hand)' }];

function readTable(file: string): Row[] {
  const text = readFileSync(path.join(CODES_DIR, file), 'utf8');
  if (file.endsWith('.json')) return JSON.parse(text) as Row[];
  return Papa.parse<Row>(text, { header: true, skipEmptyLines: true }).data;
}

function nationalRows({ file, level, columns }: NationalTable): CodeRow[] {
  return readTable(file).flatMap((row) => {
    const id = row.id ?? '';
    if (!id) return [];
    const codes = columns.flatMap((column) => (row[column] ?? '').split(',')).map((code) => code.trim());
    const successors = (row as { successors?: Array<{ gss: string }> }).successors ?? [];
    if (SAME_AREA_SUCCESSOR.has(id)) codes.push(...successors.map((s) => s.gss));
    // China's statistics write a province by its first two digits too (`11` for `110000`)
    if (level === 'CN') codes.push(...codes.map((code) => code.slice(0, 2)));
    return codes.filter(Boolean).map((code) => ({ level, code, id, file }));
  });
}

/** NUTS 2024 codes at the level where a NUTS region is one of our units (`FR101` Paris, `DE1` Baden-Württemberg). */
function nutsRows(): CodeRow[] {
  const file = 'nuts-to-units.csv';
  return readTable(file).map((row) => ({ level: row.scope!, code: row.nuts!, id: row.id!, file }));
}

let rows: CodeRow[] | undefined;

/** Every code of every table, each once per level and unit. */
export function statisticalCodes(): CodeRow[] {
  if (!rows) {
    const seen = new Set<string>();
    rows = [...NATIONAL.flatMap(nationalRows), ...nutsRows(), ...EUROSTAT_COUNTRIES].filter((row) => {
      const key = `${row.level}:${row.code}:${row.id}`;
      const [country] = row.level.split('.');
      if (seen.has(key) || OTHER_AREA.has(`${country}:${row.code}`) || isHungarianSum(row)) return false;
      seen.add(key);
      return true;
    });
  }
  return rows;
}

/** A code as a spreadsheet keeps it once it took the column for numbers: `01` is `1`, `010006` is `10006`. */
export function withoutLeadingZeros(code: string): string | undefined {
  return /^0+\d/.test(code) ? code.replace(/^0+(?=\d)/, '') : undefined;
}

/** The drafts of one level with its statistical codes as aliases, with and without leading zeros. */
export function withStatisticalCodes(level: string, drafts: RegionDraft[]): RegionDraft[] {
  const byId = new Map(drafts.map((d) => [d.id, d]));
  for (const row of statisticalCodes()) {
    if (row.level !== level) continue;
    // a unit only another worldview draws is absent from this build of the scope
    const draft = byId.get(row.id);
    if (!draft) continue;
    const bare = withoutLeadingZeros(row.code);
    draft.aliases.push({ text: row.code, tier: TIER.code });
    if (bare) draft.aliases.push({ text: bare, tier: TIER.code });
  }
  return drafts;
}

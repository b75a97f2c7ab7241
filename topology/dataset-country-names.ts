// Country names as the large statistical data sets write them, where neither Natural Earth nor
// i18n-iso-countries (in any language the world scope takes) has the spelling. Without them a
// CSV exported from one of these sources comes back with a dozen unknown ids. Each table holds
// what its source writes, so a spelling several sources share is listed under each of them.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The World Bank's names of its 218 economies (name-lists/README.md says where the file comes from). */
export const WORLD_BANK_FILE = fileURLToPath(new URL('./name-lists/worldbank-country-names.csv', import.meta.url));

/** The World Bank's current names by ISO 3166-1 alpha-2 code: `TW,TWN,"Taiwan, China"`. */
function worldBankNames(): Record<string, readonly string[]> {
  const names: Record<string, string[]> = {};
  for (const line of readFileSync(WORLD_BANK_FILE, 'utf8').trim().split('\n').slice(1)) {
    const [, iso2, name] = /^([A-Z0-9]{2}),[A-Z]{3},"?(.*?)"?$/.exec(line.trim()) ?? [];
    if (iso2 && name) names[iso2] = [name.replace(/""/g, '"')];
  }
  return names;
}

/** World Bank, World Development Indicators (WDI) and DataBank country names of past releases and the
 *  typographic variants of current ones: "Rep." and "Dem." abbreviations, "The" after the name, "St." for Saint. */
const WORLD_BANK_EARLIER: Record<string, readonly string[]> = {
  KP: ['Korea, Dem. People\u2019s Rep.'],
  MK: ['Macedonia, FYR'],
  SO: ['Somalia, Fed. Rep.'],
};

/** UN M49 (Standard country or area codes for statistical use) and UN official short names, as
 *  UN data sets (UNdata, World Population Prospects, SDG database) write them. */
const UN_M49: Record<string, readonly string[]> = {
  BO: ['Bolivia (Plurinational State of)'],
  CI: ['C\u00f4te d\u2019Ivoire'],
  FM: ['Micronesia (Federated States of)'],
  GB: ['United Kingdom of Great Britain and Northern Ireland'],
  HK: ['China, Hong Kong Special Administrative Region', 'China, Hong Kong SAR'],
  IR: ['Iran (Islamic Republic of)'],
  KP: ["Democratic People's Republic of Korea", 'Democratic People\u2019s Republic of Korea'],
  MD: ['Republic of Moldova'],
  MO: ['China, Macao Special Administrative Region', 'China, Macao SAR'],
  VA: ['Holy See'],
  VE: ['Venezuela (Bolivarian Republic of)'],
  TW: ['China, Taiwan Province of China'],
  VI: ['United States Virgin Islands'],
  WF: ['Wallis and Futuna Islands'],
  XK: ['Kosovo (under UNSC res. 1244)'],
};

/** IMF World Economic Outlook (WEO) database and IMF country pages. */
const IMF_WEO: Record<string, readonly string[]> = {
  BS: ['The Bahamas'],
  CD: ['Congo, Democratic Republic of the'],
  CG: ['Congo, Republic of', 'Republic of Congo'],
  HK: ['Hong Kong SAR'],
  KG: ['Kyrgyz Republic'],
  KR: ['Korea'],
  LA: ['Lao P.D.R.'],
  MO: ['Macao SAR'],
  SK: ['Slovak Republic'],
  TW: ['Taiwan Province of China'],
};

/** The IMF's International Financial Statistics and Direction of Trade Statistics write the short name, then the
 *  kind of state ("Türkiye, Republic of"), in full or abbreviated ("Korea, Rep. of"): the kind of each country
 *  the IMF writes so, which both forms are made from. */
const IMF_KIND: Record<string, string> = {
  AF: 'Islamic Republic of',
  AM: 'Republic of',
  AZ: 'Republic of',
  BH: 'Kingdom of',
  BY: 'Republic of',
  EE: 'Republic of',
  EG: 'Arab Republic of',
  ER: 'The State of',
  ET: 'The Federal Democratic Republic of',
  FJ: 'Republic of',
  GQ: 'Republic of',
  HR: 'Republic of',
  IR: 'Islamic Republic of',
  KR: 'Republic of',
  KZ: 'Republic of',
  LS: 'Kingdom of',
  MD: 'Republic of',
  MG: 'Republic of',
  MH: 'Republic of the',
  MK: 'Republic of',
  MR: 'Islamic Republic of',
  MZ: 'Republic of',
  NR: 'Republic of',
  PL: 'Republic of',
  PW: 'Republic of',
  RS: 'Republic of',
  SI: 'Republic of',
  SM: 'Republic of',
  SS: 'Republic of',
  SZ: 'Kingdom of',
  TJ: 'Republic of',
  TL: 'Democratic Republic of',
  TR: 'Republic of',
  UZ: 'Republic of',
  XK: 'Republic of',
  YE: 'Republic of',
};
/** The short name the IMF writes before the kind, where it is not the world scope's display name. */
const IMF_SHORT: Record<string, string> = {
  KR: 'Korea',
  MK: 'North Macedonia',
  SZ: 'Eswatini',
  TR: 'T\u00fcrkiye',
};
const ABBREVIATED: ReadonlyArray<[RegExp, string]> = [
  [/\bRepublic\b/g, 'Rep.'],
  [/\bDemocratic\b/g, 'Dem.'],
  [/\bFederal\b/g, 'Fed.'],
];

/** The IMF's inverted names of a country whose display name is `name`. */
function imfInverted(id: string, name: string): string[] {
  const kind = IMF_KIND[id];
  if (!kind) return [];
  const short = IMF_SHORT[id] ?? name;
  const abbreviated = ABBREVIATED.reduce((text, [word, abbreviation]) => text.replace(word, abbreviation), kind);
  return [`${short}, ${kind}`, `${short}, ${abbreviated}`];
}

/** The OECD (OECD.Stat, Data Explorer), the WTO and APEC, which name Taiwan as the Olympic movement does. */
const OECD: Record<string, readonly string[]> = {
  CN: ["China (People's Republic of)", 'China (People\u2019s Republic of)'],
  HK: ['Hong Kong, China'],
  MO: ['Macao, China'],
  TW: ['Chinese Taipei'],
};

/** Eurostat's country labels: Kosovo with the footnote mark its tables carry ("Kosovo*": "This designation is
 *  without prejudice to positions on status..."), Germany's label for series that reach back before 1990. */
const EUROSTAT: Record<string, readonly string[]> = {
  DE: ['Germany (until 1990 former territory of the FRG)'],
  XK: ['Kosovo*', 'Kosovo (under United Nations Security Council Resolution 1244/99)'],
};

/** Johns Hopkins CSSE's COVID-19 time series (the most reused country table of 2020–2023) and the CIA World
 *  Factbook: "Korea, South", "Congo (Kinshasa)", Taiwan with the asterisk of the CSSE's note. */
const CSSE_FACTBOOK: Record<string, readonly string[]> = {
  CD: ['Congo (Kinshasa)', 'Congo, Democratic Republic of the'],
  CG: ['Congo (Brazzaville)', 'Congo, Republic of the'],
  FK: ['Falkland Islands (Islas Malvinas)'],
  KP: ['Korea, North'],
  KR: ['Korea, South'],
  SH: ['Saint Helena, Ascension, and Tristan da Cunha'],
  TW: ['Taiwan*'],
  VA: ['Holy See (Vatican City)'],
};

/** Gapminder's country names (gapminder.org data downloads, and its 5-year extract that the
 *  gapminder R package and plotly ship), which follow the World Bank's older spellings in part. */
const GAPMINDER: Record<string, readonly string[]> = {
  CD: ['Congo, Dem. Rep.'],
  CG: ['Congo, Rep.'],
  FM: ['Micronesia, Fed. Sts.'],
  HK: ['Hong Kong, China'],
  KG: ['Kyrgyz Republic'],
  KP: ['Korea, Dem. Rep.'],
  KR: ['Korea, Rep.'],
  MK: ['Macedonia, FYR'],
  PS: ['West Bank and Gaza'],
  SK: ['Slovak Republic'],
  VC: ['St. Vincent and the Grenadines'],
  YE: ['Yemen, Rep.'],
};

const TABLES = [worldBankNames(), WORLD_BANK_EARLIER, UN_M49, IMF_WEO, OECD, EUROSTAT, CSSE_FACTBOOK, GAPMINDER];

/** Every data-set spelling of a country (ISO 3166-1 alpha-2 id) whose display name is `name`, duplicates removed. */
export function datasetNames(id: string, name: string): string[] {
  return [...new Set([...TABLES.flatMap((table) => table[id] ?? []), ...imfInverted(id, name)])];
}

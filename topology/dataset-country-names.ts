// Country names as the large statistical data sets write them, where neither Natural Earth nor
// i18n-iso-countries (in any language the world scope takes) has the spelling. Without them a
// CSV exported from one of these sources comes back with a dozen unknown ids. Each table holds
// what its source writes, so a spelling several sources share is listed under each of them.

/** World Bank, World Development Indicators (WDI) and DataBank country names, current and
 *  past releases: "Rep." and "Dem." abbreviations, "The" after the name, "St." for Saint. */
const WORLD_BANK: Record<string, readonly string[]> = {
  BS: ['Bahamas, The'],
  CD: ['Congo, Dem. Rep.'],
  CG: ['Congo, Rep.'],
  EG: ['Egypt, Arab Rep.'],
  FM: ['Micronesia, Fed. Sts.'],
  GM: ['Gambia, The'],
  HK: ['Hong Kong SAR, China'],
  IR: ['Iran, Islamic Rep.'],
  KG: ['Kyrgyz Republic'],
  KP: ["Korea, Dem. People's Rep.", 'Korea, Dem. People\u2019s Rep.'],
  KR: ['Korea, Rep.'],
  LA: ['Lao PDR'],
  MF: ['St. Martin (French part)'],
  MK: ['Macedonia, FYR'],
  MO: ['Macao SAR, China'],
  PS: ['West Bank and Gaza'],
  SK: ['Slovak Republic'],
  SO: ['Somalia, Fed. Rep.'],
  VC: ['St. Vincent and the Grenadines'],
  VE: ['Venezuela, RB'],
  VI: ['Virgin Islands (U.S.)'],
  YE: ['Yemen, Rep.'],
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
  VI: ['United States Virgin Islands'],
  WF: ['Wallis and Futuna Islands'],
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

const TABLES = [WORLD_BANK, UN_M49, IMF_WEO, GAPMINDER];

/** Every data-set spelling of a country (ISO 3166-1 alpha-2 id), duplicates removed. */
export function datasetNames(id: string): string[] {
  return [...new Set(TABLES.flatMap((table) => table[id] ?? []))];
}

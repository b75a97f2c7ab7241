// Country names as real data sets and other languages write them resolve to ISO 3166-1 alpha-2
// ids on the world scope (run `node --import tsx topology/make-scopes.ts` first):
//   node --import tsx --test tests/unit/world-names.test.ts
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { loadCatalogue } from '../../topology/catalogue.ts';

const catalogue = loadCatalogue();

/** Each source's spellings as its published tables write them, with the country they mean. */
const SOURCES: Record<string, Array<[string, string]>> = {
  'World Bank WDI': [
    ['Congo, Dem. Rep.', 'CD'],
    ['Congo, Rep.', 'CG'],
    ['Kyrgyz Republic', 'KG'],
    ['Slovak Republic', 'SK'],
    ['St. Lucia', 'LC'],
    ['St. Vincent and the Grenadines', 'VC'],
    ['St. Kitts and Nevis', 'KN'],
    ['St. Martin (French part)', 'MF'],
    ['Sint Maarten (Dutch part)', 'SX'],
    ['Macedonia, FYR', 'MK'],
    ['North Macedonia', 'MK'],
    ['Swaziland', 'SZ'],
    ['Eswatini', 'SZ'],
    ['West Bank and Gaza', 'PS'],
    ['Micronesia, Fed. Sts.', 'FM'],
    ['Egypt, Arab Rep.', 'EG'],
    ['Yemen, Rep.', 'YE'],
    ['Venezuela, RB', 'VE'],
    ['Iran, Islamic Rep.', 'IR'],
    ['Korea, Rep.', 'KR'],
    ["Korea, Dem. People's Rep.", 'KP'],
    ['Korea, Dem. People\u2019s Rep.', 'KP'],
    ['Lao PDR', 'LA'],
    ['Bahamas, The', 'BS'],
    ['Gambia, The', 'GM'],
    ['Hong Kong SAR, China', 'HK'],
    ['Macao SAR, China', 'MO'],
    ['Virgin Islands (U.S.)', 'VI'],
    ['British Virgin Islands', 'VG'],
    ['Russian Federation', 'RU'],
    ['Syrian Arab Republic', 'SY'],
    ['Brunei Darussalam', 'BN'],
    ['Cabo Verde', 'CV'],
    ['Curaçao', 'CW'],
    ["Côte d'Ivoire", 'CI'],
    ['S\u00e3o Tom\u00e9 and Principe', 'ST'],
    ['Somalia, Fed. Rep.', 'SO'],
    ['Turkiye', 'TR'],
    ['Viet Nam', 'VN'],
    ['Czech Republic', 'CZ'],
    ['Kosovo', 'XK'],
  ],
  'UN M49': [
    ['Bolivia (Plurinational State of)', 'BO'],
    ['Iran (Islamic Republic of)', 'IR'],
    ['Republic of Korea', 'KR'],
    ["Democratic People's Republic of Korea", 'KP'],
    ['United Republic of Tanzania', 'TZ'],
    ['T\u00fcrkiye', 'TR'],
    ['State of Palestine', 'PS'],
    ['Viet Nam', 'VN'],
    ['Venezuela (Bolivarian Republic of)', 'VE'],
    ['Micronesia (Federated States of)', 'FM'],
    ['Republic of Moldova', 'MD'],
    ["Lao People's Democratic Republic", 'LA'],
    ['Democratic Republic of the Congo', 'CD'],
    ['Congo', 'CG'],
    ['C\u00f4te d\u2019Ivoire', 'CI'],
    ['Netherlands (Kingdom of the)', 'NL'],
    ['United Kingdom of Great Britain and Northern Ireland', 'GB'],
    ['United States of America', 'US'],
    ['China, Hong Kong Special Administrative Region', 'HK'],
    ['China, Macao Special Administrative Region', 'MO'],
    ['Falkland Islands (Malvinas)', 'FK'],
    ['Holy See', 'VA'],
    ['United States Virgin Islands', 'VI'],
    ['Saint Martin (French Part)', 'MF'],
    ['Wallis and Futuna Islands', 'WF'],
    ['Czechia', 'CZ'],
  ],
  'IMF WEO': [
    ['Korea', 'KR'],
    ['Taiwan Province of China', 'TW'],
    ['Hong Kong SAR', 'HK'],
    ['Macao SAR', 'MO'],
    ['Lao P.D.R.', 'LA'],
    ['Micronesia', 'FM'],
    ['Congo, Democratic Republic of the', 'CD'],
    ['Congo, Republic of', 'CG'],
    ['Egypt', 'EG'],
    ['The Bahamas', 'BS'],
    ['The Gambia', 'GM'],
    ['Kyrgyz Republic', 'KG'],
    ['S\u00e3o Tom\u00e9 and Pr\u00edncipe', 'ST'],
    ['Islamic Republic of Iran', 'IR'],
    ['Slovak Republic', 'SK'],
    ['T\u00fcrkiye', 'TR'],
    ['Vietnam', 'VN'],
    ['Syria', 'SY'],
    ['Russia', 'RU'],
    ['Brunei Darussalam', 'BN'],
    ['North Macedonia', 'MK'],
    ['Kosovo', 'XK'],
  ],
  Gapminder: [
    ['Congo, Dem. Rep.', 'CD'],
    ['Congo, Rep.', 'CG'],
    ['Kyrgyz Republic', 'KG'],
    ['Lao', 'LA'],
    ['Macedonia, FYR', 'MK'],
    ['Micronesia, Fed. Sts.', 'FM'],
    ['Slovak Republic', 'SK'],
    ['St. Lucia', 'LC'],
    ['St. Vincent and the Grenadines', 'VC'],
    ['Swaziland', 'SZ'],
    ['Hong Kong, China', 'HK'],
    ["Cote d'Ivoire", 'CI'],
    ['North Korea', 'KP'],
    ['South Korea', 'KR'],
    ['Palestine', 'PS'],
    ['Cape Verde', 'CV'],
    ['Timor-Leste', 'TL'],
    ['Brunei', 'BN'],
    ['Korea, Dem. Rep.', 'KP'],
    ['Korea, Rep.', 'KR'],
    ['West Bank and Gaza', 'PS'],
    ['Yemen, Rep.', 'YE'],
  ],
};

/** Germany in the UN's six languages and the others the build takes, then countries' own names. */
const LANGUAGES: Array<[string, string]> = [
  ['Deutschland', 'DE'],
  ['Allemagne', 'DE'],
  ['Alemania', 'DE'],
  ['Germania', 'DE'],
  ['Niemcy', 'DE'],
  ['Германия', 'DE'],
  ['德国', 'DE'],
  ['ドイツ', 'DE'],
  ['독일', 'DE'],
  ['ألمانيا', 'DE'],
  ['Alemanha', 'DE'],
  ['Duitsland', 'DE'],
  ['Almanya', 'DE'],
  ['Jerman', 'DE'],
  ['जर्मनी', 'DE'],
  ['Tyskland', 'DE'],
  ['Magyarország', 'HU'],
  ['Suomi', 'FI'],
  ['Ελλάδα', 'GR'],
  ['Việt Nam', 'VN'],
  ['Norge', 'NO'],
  ['Україна', 'UA'],
  ['ไทย', 'TH'],
  ['Sverige', 'SE'],
  ['España', 'ES'],
  ['Brasil', 'BR'],
  ['Österreich', 'AT'],
];

function expectAll(cases: Array<[string, string]>): void {
  const wrong = cases
    .map(([raw, id]) => [raw, id, catalogue.resolveId('world', raw)])
    .filter(([, id, got]) => got !== id);
  assert.deepEqual(wrong, []);
}

describe('world names as data sets write them', () => {
  for (const [source, cases] of Object.entries(SOURCES)) {
    it(`${source}: ${cases.length} spellings resolve to their ISO ids`, () => expectAll(cases));
  }
});

describe('world names in other languages', () => {
  it("the major languages and countries' own names resolve", () => expectAll(LANGUAGES));

  it("case and Latin diacritics do not matter; other scripts' marks do", () => {
    expectAll([
      ['TURKIYE', 'TR'],
      ['türkiye', 'TR'],
      ['sao tome and principe', 'ST'],
      ['ALLEMAGNE', 'DE'],
    ]);
    // Hindi: Togo and Tonga differ only in their vowel signs, Moldova and the Maldives likewise.
    expectAll([
      ['टोगो', 'TG'],
      ['टोंगा', 'TO'],
      ['मोलदोवा', 'MD'],
      ['मालदीव', 'MV'],
    ]);
  });
});

describe('names that look alike stay apart', () => {
  it('each resolves to its own country', () =>
    expectAll([
      ['Congo', 'CG'],
      ['Republic of the Congo', 'CG'],
      ['DR Congo', 'CD'],
      ['Korea', 'KR'],
      ['North Korea', 'KP'],
      ['Dominica', 'DM'],
      ['Dominican Republic', 'DO'],
      ['Niger', 'NE'],
      ['Nigeria', 'NG'],
      ['Guinea', 'GN'],
      ['Equatorial Guinea', 'GQ'],
      ['Guinea-Bissau', 'GW'],
      ['Papua New Guinea', 'PG'],
      ['Sudan', 'SD'],
      ['South Sudan', 'SS'],
      ['Samoa', 'WS'],
      ['American Samoa', 'AS'],
      ['Austria', 'AT'],
      ['Australia', 'AU'],
      ['Iran', 'IR'],
      ['Iraq', 'IQ'],
      ['Mali', 'ML'],
      ['Malawi', 'MW'],
      ['Saint Martin', 'MF'],
      ['Sint Maarten', 'SX'],
      // i18n-iso-countries' Portuguese names both so; CLDR's Portuguese only Saint Martin
      ['São Martinho', 'MF'],
    ]));

  it('names two countries share resolve to neither', () => {
    for (const raw of ['Kongo', 'Virgin Islands']) assert.equal(catalogue.resolveId('world', raw), undefined, raw);
  });
});

describe("the World Bank's 218 economies", () => {
  const rows = readFileSync(new URL('../../topology/name-lists/worldbank-country-names.csv', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => /^(\w\w),(\w{3}),"?(.*?)"?$/.exec(line)!.slice(1));

  it('each resolves by its name, ISO 3166 alpha-2 and alpha-3 code to its country', () => {
    assert.equal(rows.length, 218);
    // Channel Islands (JG, CHI) is Guernsey and Jersey in one: no id can stand for both
    const wrong = rows
      .filter(([iso2]) => iso2 !== 'JG')
      .flatMap(([iso2, iso3, name]) =>
        [iso2!, iso3!, name!.replace(/""/g, '"')].flatMap((raw) => {
          const got = catalogue.resolveId('world', raw);
          return got === iso2 ? [] : [`${raw}: ${got} for ${iso2}`];
        }),
      );
    assert.deepEqual(wrong, []);
    assert.equal(catalogue.resolveId('world', 'Channel Islands'), undefined);
  });
});

describe('spellings issue 32 found unknown or wrong', () => {
  it('resolve to their countries', () =>
    expectAll([
      ['Taiwan, China', 'TW'],
      ['Chinese Taipei', 'TW'],
      ['China, Taiwan Province of China', 'TW'],
      ['T\u00fcrkiye, Republic of', 'TR'],
      ['T\u00fcrkiye, Rep. of', 'TR'],
      ['Korea, Rep. of', 'KR'],
      ['Kosovo*', 'XK'],
      ['Kosovo, Republic of', 'XK'],
      ['\u00c9tats-Unis', 'US'],
      ['Tch\u00e9quie', 'CZ'],
      ['Corea del Sur', 'KR'],
      ['Cor\u00e9e du Sud', 'KR'],
      ["China (People's Republic of)", 'CN'],
      ['Germany (until 1990 former territory of the FRG)', 'DE'],
      ['Hong Kong, China', 'HK'],
      ['Iran, Islamic Rep. of', 'IR'],
      ['Egypt, Arab Rep. of', 'EG'],
      ['Afghanistan, Islamic Republic of', 'AF'],
      ['Eswatini, Kingdom of', 'SZ'],
      ['Timor-Leste, Dem. Rep. of', 'TL'],
      // Johns Hopkins CSSE's COVID-19 tables, the CIA World Factbook, ISO 3166-1's own short names
      ['Korea, South', 'KR'],
      ['Korea, North', 'KP'],
      ['Taiwan*', 'TW'],
      ['Congo (Kinshasa)', 'CD'],
      ['Congo (Brazzaville)', 'CG'],
      ['Congo, Republic of the', 'CG'],
      ['Holy See (Vatican City)', 'VA'],
      ['Korea, Republic of', 'KR'],
      ['Virgin Islands (British)', 'VG'],
      ['Venezuela, Bolivarian Republic of', 'VE'],
      ['Saint Helena, Ascension and Tristan da Cunha', 'SH'],
    ]));

  it('a translation that CLDR gives another country is not kept: Portuguese DR Congo is CD', () => {
    expectAll([
      ['Rep\u00fablica Democr\u00e1tica do Congo', 'CD'],
      ['Rep\u00fablica do Congo', 'CG'],
    ]);
  });
});

// The codes of statistics offices and Eurostat (topology/codes/) over the built catalogue: every row of every table
// resolves to its unit at its level, with and without leading zeros; a cell of code and name resolves by its code;
// and the level a request draws where a code means a unit on two levels (docs/region-codes.md).
//   NODE_ENV=test node --import tsx --test tests/unit/statistical-codes.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { statisticalCodes, withoutLeadingZeros } from '../../topology/statistical-codes.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { ApiError } from '../../server/errors.ts';
import { getUrlFor } from '../../server/request/get-url.ts';

const catalogue = loadCatalogue();
const rows = statisticalCodes();
const spec = (query: string) => normaliseRequest(parseQuery(query, FIELD_NAMES), catalogue, 'svg').spec;

/** `FR.regions` → the scope and its division. */
const levelOf = (level: string) => {
  const [scope, division] = level.split('.');
  return { scope: scope!, division: division ?? null };
};

describe('statistical codes', () => {
  it('every row of every table resolves to its unit at its level, also with its leading zeros lost', () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const { scope, division } = levelOf(row.level);
      for (const code of [row.code, withoutLeadingZeros(row.code)]) {
        if (code === undefined) continue;
        const got = catalogue.resolveIn(scope, division, code);
        if (got !== row.id) wrong.push(`${row.file}: ${row.level} ${code} → ${got}, not ${row.id}`);
      }
    }
    assert.deepEqual(wrong, []);
    assert.ok(rows.length > 1500, `${rows.length} codes`);
  });

  it('cover what each office publishes at its level', () => {
    const count = (level: string, file: string) =>
      new Set(rows.filter((r) => r.level === level && r.file.startsWith(file)).map((r) => r.id)).size;
    assert.equal(count('DE', 'de-ags'), 16);
    assert.equal(count('FR', 'fr-insee'), 101);
    assert.equal(count('FR.regions', 'fr-insee'), 18);
    assert.equal(count('ES', 'es-ine'), 52);
    assert.equal(count('ES.communities', 'es-ine'), 19);
    assert.equal(count('IT', 'it-istat'), 110);
    assert.equal(count('IT.regions', 'it-istat'), 20);
    assert.equal(count('JP', 'jp-jis'), 47);
    assert.equal(count('GB', 'gb-gss'), 207);
    assert.equal(count('GB.nations', 'gb-gss'), 4);
    for (const [level, units] of [
      ['BR', 27],
      ['CA', 13],
      ['AU', 8],
      ['CN', 31],
      ['IN', 36],
      ['PT', 20],
    ] as const) {
      assert.equal(new Set(rows.filter((r) => r.level === level).map((r) => r.id)).size, units, level);
    }
  });

  it('resolve as publishers write them', () => {
    const cases: Array<[string, string, string]> = [
      ['DE', '09', 'DE-BY'],
      ['DE', '9', 'DE-BY'],
      ['DE', 'DE2', 'DE-BY'],
      ['FR', '1', 'FR-01'],
      ['FR', '2A', 'FR-2A'],
      ['FR', '2b', 'FR-2B'],
      ['FR', '971', 'FR-971'],
      ['FR', '75', 'FR-75C'],
      ['FR', 'FR101', 'FR-75C'],
      ['FR.regions', '84', 'FR-ARA'],
      ['FR.regions', '1', 'FR-971'],
      ['FR.regions', 'FRK', 'FR-ARA'],
      ['ES', '28', 'ES-M'],
      ['ES.communities', '13', 'ES-MD'],
      ['IT', '201', 'IT-TO'],
      ['IT', '001', 'IT-TO'],
      ['IT', '1', 'IT-TO'],
      ['IT.regions', '04', 'IT-32'],
      ['JP', '01000', 'JP-01'],
      ['JP', '1000', 'JP-01'],
      ['JP', '010006', 'JP-01'],
      ['JP', '130001', 'JP-13'],
      ['GB', 'E06000060', 'GB-BKM'],
      ['GB', 'S12000046', 'GB-GLG'],
      ['GB.nations', 'S92000003', 'GB-SCT'],
      ['CN', '110000', 'CN-BJ'],
      ['CN', '11', 'CN-BJ'],
      ['IN', '36', 'IN-TS'],
      ['AT', 'AT13', 'AT-9'],
      ['GR', 'EL30', 'GR-I'],
      ['HU', 'HU110', 'HU-BU'],
      ['world', 'EL', 'GR'],
      ['world', 'UK', 'GB'],
      ['EU', 'EL', 'GR'],
    ];
    for (const [level, code, id] of cases) {
      const { scope, division } = levelOf(level);
      assert.equal(catalogue.resolveIn(scope, division, code), id, `${level} ${code}`);
    }
  });

  it('leave out what names another area: NUTS sums, retired 2021 codes, successors split or merged', () => {
    for (const [level, code] of [
      ['ES', 'ES70'], // the Canaries: two provinces
      ['PL', 'PL91'], // Warszawski stołeczny: part of Masovia
      ['IT.regions', 'ITH1'], // Bolzano: part of Trentino-Alto Adige
      ['IT', 'ITG2F'], // the metropolitan city of Cagliari (2016), smaller than our Cagliari
      ['IT', '292'],
      ['NL', 'NL31'], // Utrecht before its 2019 boundary shift
      ['HU', 'HU120'], // Pest county with Érd, which we draw apart
      ['GB', 'E06000061'], // North Northamptonshire: half of Northamptonshire
      ['GB', 'E06000058'], // Bournemouth, Christchurch and Poole
      ['GB', 'N09000003'], // Belfast of 2015: not the district we draw
    ] as const) {
      const { scope, division } = levelOf(level);
      assert.equal(catalogue.resolveIn(scope, division, code), undefined, `${level} ${code}`);
    }
  });

  it('read a cell of code and name by its code, never against its name', () => {
    const cases: Array<[string, string | null, string, string | undefined]> = [
      ['ES', null, '28 Madrid', 'ES-M'],
      ['ES', 'communities', '13 Madrid', 'ES-MD'],
      ['ES', null, '13 Madrid', undefined],
      ['FR', null, '01 Ain', 'FR-01'],
      ['FR', null, '01 - Ain', 'FR-01'],
      ['FR', 'regions', '01 Ain', undefined],
      ['FR', 'regions', '84 Auvergne-Rhône-Alpes', 'FR-ARA'],
      ['FR', null, '2A Corse-du-Sud', 'FR-2A'],
      ['FR', null, 'Rhône Alpes', undefined],
      ['FR', null, '12 500', undefined],
      ['DE', null, 'DE1 Baden-Württemberg', 'DE-BW'],
      ['DE', null, '08 Baden-Württemberg', 'DE-BW'],
      ['DE', null, '08 Bayern', undefined],
      ['IT', 'regions', '05 Veneto', 'IT-34'],
    ];
    for (const [scope, division, cell, id] of cases) {
      assert.equal(catalogue.resolveIn(scope, division, cell), id, `${scope} ${division} ${cell}`);
    }
  });

  it('draw the level `division` names, else the one numbered codes fill', () => {
    const regionCodes = '11,24,27,28,32,44,52,53,75,76,84,93,94';
    assert.equal(spec(`scope=FR&data=${regionCodes.replace(/,/g, ':1,')}:1`).division, 'regions');
    assert.equal(spec('scope=FR&data=84:1,93:2').division, null, 'two codes: the départements, as before');
    assert.equal(spec('scope=FR&division=regions&data=84:1,93:2').division, 'regions');
    assert.equal(spec('scope=FR&division=Departments&data=84:1').division, null);
    const regioni = Array.from({ length: 20 }, (_, i) => `${i + 1}:${i}`).join(',');
    assert.equal(spec(`scope=IT&data=${regioni}`).division, 'regions');
    assert.equal(spec('scope=ES&division=communities&data=01:1').division, 'communities');
    assert.equal(spec('scope=GB&data=E92000001:1,W92000004:2').division, 'nations');
    // the GET URL /render/spec offers draws the same level, even with no id to choose it
    assert.equal(getUrlFor(spec('scope=FR&division=regions'), catalogue), '/map.svg?scope=FR&division=regions');
    assert.match(getUrlFor(spec('scope=FR&division=regions&data=84:1,93:2'), catalogue)!, /division=regions/);
    assert.throws(
      () => spec('scope=FR&division=counties&data=84:1'),
      (error: ApiError) =>
        error.status === 400 &&
        error.field === 'division' &&
        /regions/.test(error.message) &&
        /departments/.test(error.message),
    );
  });
});

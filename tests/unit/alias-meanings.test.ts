// Over the whole built catalogue: no spelling leads to a unit other than the one it means. Within a list of
// regions no alias is another region's id or name; across the two levels of a scope (France's régions and
// départements, Italy's regions and provinces, the US's states and counties) a spelling names units of both only
// where they are one area (docs/region-names.md). Then the lists statistics offices publish, whose names must
// all be of one level, and the spellings issue 32 found wrong. Run `node --import tsx topology/make-scopes.ts`
// first:
//   NODE_ENV=test node --import tsx --test tests/unit/alias-meanings.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aliasKey, loadCatalogue, type RegionEntry, type ScopeCatalogue } from '../../topology/catalogue.ts';

const catalogue = loadCatalogue();
const scope = (id: string) => catalogue.scope(id)!;

/** A fine unit's coarse unit: the division's unit it is a part of; a county's state by its FIPS code. */
function parentOf(sc: ScopeCatalogue, coarse: RegionEntry[], id: string): string | undefined {
  if (/^\d{5}$/.test(id)) return sc.regions.find((state) => state.aliases.includes(id.slice(0, 2)))?.id;
  return coarse.find((unit) => unit.parts?.includes(id))?.id;
}

/** Each lookup key with the units it is the id or name of, and those it is an alias of. */
function keys(sc: ScopeCatalogue, regions: RegionEntry[]) {
  const own = new Map<string, string[]>();
  const alias = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, text: string, id: string) => {
    const key = aliasKey(sc.id, text);
    if (!map.get(key)?.includes(id)) map.set(key, [...(map.get(key) ?? []), id]);
  };
  for (const r of regions) {
    add(own, r.id, r.id);
    add(own, r.name, r.id);
    for (const a of r.aliases) add(alias, a, r.id);
  }
  return { own, alias, all: (key: string) => [...new Set([...(own.get(key) ?? []), ...(alias.get(key) ?? [])])] };
}

describe('every alias in the catalogue names its own unit', () => {
  it("within each list of regions, no alias is another region's id or name", () => {
    const wrong: string[] = [];
    for (const sc of catalogue.scopes) {
      for (const regions of [sc.regions, ...sc.divisions.map((d) => d.regions)]) {
        const { own, alias } = keys(sc, regions);
        for (const [key, ids] of alias) {
          const others = (own.get(key) ?? []).filter((id) => !ids.includes(id));
          if (others.length || ids.length > 1) wrong.push(`${sc.id}: "${key}" of ${ids} is ${others}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('across the two levels of a scope, a spelling names units of one area only', () => {
    const wrong: string[] = [];
    for (const sc of catalogue.scopes.filter((s) => s.divisions.length)) {
      for (const division of sc.divisions) {
        // the states are the counties' coarse level; the others' divisions are their regions' coarse level
        const [coarse, fine] =
          division.id === 'counties' ? [sc.regions, division.regions] : [division.regions, sc.regions];
        const children = new Map<string, number>();
        const parents = new Map(fine.map((r) => [r.id, parentOf(sc, coarse, r.id)]));
        for (const parent of parents.values()) if (parent) children.set(parent, (children.get(parent) ?? 0) + 1);
        const sameArea = (f: string, c: string) => f === c || (parents.get(f) === c && children.get(c) === 1);
        const [c, f] = [keys(sc, coarse), keys(sc, fine)];
        for (const key of new Set([...c.own.keys(), ...c.alias.keys()])) {
          // codes belong to their level's list (INSEE's `84` is a région and a département): division chooses
          if (/\d/.test(key)) continue;
          for (const coarseId of c.all(key)) {
            const foreign = f.all(key).filter((fineId) => !sameArea(fineId, coarseId));
            if (foreign.length) wrong.push(`${sc.id}: "${key}" is ${coarseId} (${division.id}) and ${foreign}`);
          }
        }
      }
    }
    assert.deepEqual(wrong, []);
  });
});

/** At which of the scope's levels a spelling resolves: `{ '-': 'IT-GE', regions: 'IT-42' }`. */
function levelsOf(scopeId: string, raw: string): Record<string, string> {
  const sc = scope(scopeId);
  const found: Record<string, string> = {};
  for (const level of [null, ...sc.divisions.map((d) => d.id)]) {
    const id = catalogue.resolveIn(scopeId, level, raw);
    if (id) found[level ?? '-'] = id;
  }
  return found;
}

/** Names of one level as a statistics office publishes them, with the unit each means. */
const OFFICE_LISTS: Record<string, { scope: string; level: string; names: Array<[string, string]> }> = {
  'ISTAT regioni': {
    scope: 'IT',
    level: 'regions',
    names: [
      ['Piemonte', 'IT-21'],
      ["Valle d'Aosta/Vallée d'Aoste", 'IT-23'],
      ['Lombardia', 'IT-25'],
      ['Trentino-Alto Adige/Südtirol', 'IT-32'],
      ['Veneto', 'IT-34'],
      ['Friuli-Venezia Giulia', 'IT-36'],
      ['Liguria', 'IT-42'],
      ['Emilia-Romagna', 'IT-45'],
      ['Toscana', 'IT-52'],
      ['Umbria', 'IT-55'],
      ['Marche', 'IT-57'],
      ['Lazio', 'IT-62'],
      ['Abruzzo', 'IT-65'],
      ['Molise', 'IT-67'],
      ['Campania', 'IT-72'],
      ['Puglia', 'IT-75'],
      ['Basilicata', 'IT-77'],
      ['Calabria', 'IT-78'],
      ['Sicilia', 'IT-82'],
      ['Sardegna', 'IT-88'],
    ],
  },
  'INSEE régions': {
    scope: 'FR',
    level: 'regions',
    names: [
      ['Guadeloupe', 'FR-971'],
      ['Martinique', 'FR-972'],
      ['Guyane', 'FR-973'],
      ['La Réunion', 'FR-974'],
      ['Mayotte', 'FR-976'],
      ['Île-de-France', 'FR-IDF'],
      ['Centre-Val de Loire', 'FR-CVL'],
      ['Bourgogne-Franche-Comté', 'FR-BFC'],
      ['Normandie', 'FR-NOR'],
      ['Hauts-de-France', 'FR-HDF'],
      ['Grand Est', 'FR-GES'],
      ['Pays de la Loire', 'FR-PDL'],
      ['Bretagne', 'FR-BRE'],
      ['Nouvelle-Aquitaine', 'FR-NAQ'],
      ['Occitanie', 'FR-OCC'],
      ['Auvergne-Rhône-Alpes', 'FR-ARA'],
      ["Provence-Alpes-Côte d'Azur", 'FR-PAC'],
      ['Corse', 'FR-20R'],
    ],
  },
  'INE comunidades autónomas': {
    scope: 'ES',
    level: 'communities',
    names: [
      ['Andalucía', 'ES-AN'],
      ['Aragón', 'ES-AR'],
      ['Asturias, Principado de', 'ES-AS'],
      ['Balears, Illes', 'ES-IB'],
      ['Canarias', 'ES-CN'],
      ['Cantabria', 'ES-CB'],
      ['Castilla y León', 'ES-CL'],
      ['Castilla - La Mancha', 'ES-CM'],
      ['Cataluña', 'ES-CT'],
      ['Comunitat Valenciana', 'ES-VC'],
      ['Extremadura', 'ES-EX'],
      ['Galicia', 'ES-GA'],
      ['Madrid, Comunidad de', 'ES-MD'],
      ['Murcia, Región de', 'ES-MC'],
      ['Navarra, Comunidad Foral de', 'ES-NC'],
      ['País Vasco', 'ES-PV'],
      ['Rioja, La', 'ES-RI'],
      ['Ceuta', 'ES-CE'],
      ['Melilla', 'ES-ML'],
    ],
  },
};

describe("statistics offices' names of one level are of that level", () => {
  for (const [office, { scope: scopeId, level, names }] of Object.entries(OFFICE_LISTS)) {
    it(`${office}: each resolves to its unit there, and none is only the other level's`, () => {
      const wrong = names
        .map(([raw, id]) => ({ raw, id, found: levelsOf(scopeId, raw) }))
        .filter(({ id, found }) => found[level] !== id);
      assert.deepEqual(wrong, []);
    });
  }

  it('ONS regions: none is a council area (London is not the City of London); the nations are nations', () => {
    const english = ['North East', 'North West', 'Yorkshire and The Humber', 'East Midlands', 'West Midlands'];
    for (const raw of [...english, 'East of England', 'London', 'Greater London', 'South East', 'South West'])
      assert.deepEqual(levelsOf('GB', raw), {}, raw);
    for (const [raw, id] of [
      ['Wales', 'GB-WLS'],
      ['Scotland', 'GB-SCT'],
      ['Northern Ireland', 'GB-NIR'],
    ])
      assert.deepEqual(levelsOf('GB', raw!), { nations: id }, raw);
    assert.equal(catalogue.resolveId('GB', 'City of London'), 'GB-LND');
    assert.equal(catalogue.resolveId('GB', 'Londra'), undefined, "Italian for London, Natural Earth's for the City");
    assert.equal(scope('GB').regions.find((r) => r.id === 'GB-LND')?.name, 'City of London');
  });
});

describe('spellings that named the wrong unit', () => {
  it("a province answers to its own names, not its region's", () => {
    assert.deepEqual(levelsOf('IT', 'Liguria'), { regions: 'IT-42' });
    assert.deepEqual(levelsOf('IT', 'Trentino-Alto Adige'), { regions: 'IT-32' });
    for (const raw of ['Ligurien', 'Ligurie', 'Trentino-Südtirol', 'Trentin-Haut-Adige'])
      assert.equal(catalogue.resolveId('IT', raw), undefined, raw);
    assert.deepEqual(levelsOf('IT', 'Genova'), { '-': 'IT-GE' });
    assert.deepEqual(levelsOf('IT', 'Bolzano'), { '-': 'IT-BZ' });
  });

  it('units of one area share their names on both levels', () => {
    assert.deepEqual(
      scope('IT').divisions[0]!.regions.find((r) => r.id === 'IT-23')?.parts,
      ['IT-AO'],
      "the Aosta Valley is one province's area",
    );
    assert.deepEqual(levelsOf('IT', 'Aosta Valley'), { '-': 'IT-AO', regions: 'IT-23' });
    assert.deepEqual(levelsOf('ES', 'Madrid'), { '-': 'ES-M', communities: 'ES-MD' });
    assert.deepEqual(levelsOf('FR', 'Guyane'), { '-': 'FR-973', regions: 'FR-973' });
    assert.deepEqual(levelsOf('US', 'District of Columbia, DC'), { counties: '11001' });
  });
});

describe('renamed US counties keep their old codes and names', () => {
  for (const [old, id] of [
    ['02270', '02158'],
    ['2270', '02158'],
    ['Wade Hampton Census Area, AK', '02158'],
    ['46113', '46102'],
    ['Shannon County, South Dakota', '46102'],
    ['12025', '12086'],
    ['Dade County, FL', '12086'],
  ])
    it(`${old} is ${id}`, () => assert.equal(catalogue.resolveIn('US', 'counties', old!), id));
});

describe('units drawn apart name the country whose value they take', () => {
  const partOf = (scopeId: string) =>
    Object.fromEntries(scope(scopeId).regions.flatMap((r) => (r.partOf ? [[r.id, r.partOf]] : [])));

  it('on the world: by ISO 3166, the inhabited ones; not the bases, the uninhabited, nor what several claim', () => {
    assert.deepEqual(partOf('world'), { CNM: 'CY', CYN: 'CY', KAB: 'KZ', SOL: 'SO', USG: 'CU' });
  });

  it("on a group with their country, near it: Somaliland in Africa's, Northern Cyprus in the EU's", () => {
    assert.deepEqual(partOf('africa'), { SOL: 'SO' });
    assert.deepEqual(partOf('EU'), { CNM: 'CY', CYN: 'CY' });
  });
});

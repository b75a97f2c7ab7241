// What a page keeps between maps (renderer-page/geometry-store.ts): one store per page or thread, nothing shared
// between two, every part within its bound, and one key for a frame that tells two maps placing the same
// outlines from two that do not:
//   NODE_ENV=test node --import tsx --test tests/unit/geometry-store.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GeometryStore } from '../../renderer-page/geometry-store.ts';
import { OutlineTiers } from '../../renderer-page/geometry/outline-tiers.ts';
import { projectionBasis, type Extent } from '../../renderer-page/geometry/projection.ts';
import { renderMap } from '../../renderer-page/render-map.ts';
import type { MapSpec } from '../../renderer-page/spec.ts';
import type { SvgElement } from '../../server/render/threads/svg-document.ts';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { loadBuiltJson, threadEnvironment } from '../support/draw.ts';

const catalogue = loadCatalogue();
const specOf = (query: string): MapSpec => normaliseRequest(parseQuery(query, FIELD_NAMES), catalogue, 'svg').spec;

/** A store over the built files that counts what it reads. */
function countingStore(load: (name: string) => Promise<unknown> = loadBuiltJson) {
  const reads: string[] = [];
  const store = new GeometryStore((name) => {
    reads.push(name);
    return load(name);
  });
  return { reads, store };
}

async function draw(query: string, store: GeometryStore) {
  const drawing = (await renderMap(specOf(query), threadEnvironment(store)))!;
  return { markup: Buffer.from((drawing.svg as SvgElement).markup()).toString(), frameKey: drawing.frameKey };
}

describe('two stores', () => {
  it('share nothing: each reads and decodes its own geometry, and draws the same map from it', async () => {
    const query = 'scope=RO&data=RO-CJ:3,RO-B:5&locale=de&routes=44.17,28.65>41.01,28.98:sea';
    const first = countingStore();
    const second = countingStore();
    const a = await draw(query, first.store);
    const b = await draw(query, second.store);
    assert.equal(a.markup, b.markup, 'the same map');
    assert.ok(
      first.reads.some((name) => name.startsWith('RO-')),
      `the scope's file is read: ${first.reads.join(', ')}`,
    );
    assert.ok(first.reads.includes('names-de.json') && first.reads.includes('sea-network.json'), first.reads.join());
    assert.deepEqual(second.reads, first.reads, 'the second store reads every file again');
    const spec = specOf(query);
    assert.notEqual(await first.store.scopeGeometry(spec), await second.store.scopeGeometry(spec));
    assert.notEqual(await first.store.seaNetwork(), await second.store.seaNetwork());

    // and a store keeps what it read: the same map again reads nothing
    const reads = first.reads.length;
    assert.equal((await draw(query, first.store)).markup, a.markup);
    assert.equal(first.reads.length, reads, 'nothing read again');
  });
});

describe("a store's bounds", () => {
  // a topology with nothing in it: what matters here is what is read, not what is drawn
  const empty = async () => ({ type: 'Topology', objects: {}, arcs: [] });
  const source = (scope: string) =>
    ({ scope, division: null, geometry: null, level: 'low', worldview: 'un' }) as const satisfies Partial<MapSpec>;

  it('keeps 16 decoded scopes, the least recently used out first', async () => {
    const { reads, store } = countingStore(empty);
    for (let i = 0; i <= 16; i++) await store.scopeGeometry(source(`S${i}`));
    assert.equal(reads.length, 17);
    await store.scopeGeometry(source('S16'));
    assert.equal(reads.length, 17, 'the last one is kept');
    await store.scopeGeometry(source('S0'));
    assert.deepEqual(reads.slice(17), ['S0-low.json'], 'the first one was let go, and is read again');
  });

  it("keeps 4 languages' names", async () => {
    const { reads, store } = countingStore(async () => ({}));
    for (const language of ['de', 'fr', 'es', 'it', 'pl', 'pl']) await store.regionNames(language);
    assert.deepEqual(reads, ['names-de.json', 'names-fr.json', 'names-es.json', 'names-it.json', 'names-pl.json']);
    await store.regionNames('fr');
    await store.regionNames('de');
    assert.deepEqual(reads.slice(5), ['names-de.json'], 'German, the least recently used, was let go');
  });

  const framing = { ...source('RO'), projection: 'mercator', bbox: null } as const;
  const extent = (width: number): Extent => [
    [0, 0],
    [width, 400],
  ];

  it('keeps 12 frames, one per framing and size', async () => {
    const { store } = countingStore();
    const geometry = await store.scopeGeometry(framing);
    const frames = Array.from({ length: 13 }, (_, i) => store.frame(framing, geometry, extent(300 + i)));
    assert.equal(store.frame(framing, geometry, extent(312)), frames[12], 'the last frame is kept');
    assert.notEqual(store.frame(framing, geometry, extent(300)), frames[0], 'the first frame was let go');
    assert.notEqual(
      new GeometryStore(loadBuiltJson).frame(framing, geometry, extent(312)),
      frames[12],
      'another store has a frame of its own, even of the same geometry',
    );
  });

  it('keeps outline tiers within their budget in bytes, never the tier being recorded', async () => {
    const geometry = await new GeometryStore(loadBuiltJson).scopeGeometry(framing);
    const basis = projectionBasis(framing, geometry);
    const [region] = geometry.regions;
    const measured = new OutlineTiers(Infinity).for('measure', basis, 1);
    measured.region(region);
    // room for one region's outline and a half
    const tiers = new OutlineTiers(measured.bytes * 1.5);
    const first = tiers.for('first', basis, 1);
    first.region(region);
    assert.equal(tiers.for('first', basis, 1), first, 'within the budget, kept');
    const second = tiers.for('second', basis, 1);
    second.region(region);
    assert.equal(tiers.for('second', basis, 1), second, 'the tier that went over the budget is kept');
    assert.notEqual(tiers.for('first', basis, 1), first, 'the least recently used tier was let go');
  });
});

describe("a frame's key", () => {
  const store = new GeometryStore(loadBuiltJson);
  const keyOf = async (query: string) => (await draw(query, store)).frameKey;

  it('is the same for maps that place the same outlines, and differs for maps that do not', async () => {
    const map = 'scope=EU&width=600&level=low';
    const key = await keyOf(map);
    assert.equal(await keyOf(`${map}&data=RO:1,FR:2&theme=dark`), key, 'data and theme move no outline');
    assert.equal(await keyOf(`${map}&context=false`), key, 'neither does leaving the neighbours out');
    assert.notEqual(await keyOf(`${map}&worldview=de-facto`), key, 'another worldview draws other lines');
    assert.notEqual(await keyOf(`${map}&padding=40`), key, 'padding moves the map within the picture');
    assert.notEqual(await keyOf('scope=EU&width=600&level=medium'), key, 'another level draws other lines');
    assert.notEqual(await keyOf('scope=EU&width=601&level=low'), key, 'another size places them elsewhere');
  });
});

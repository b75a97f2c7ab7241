import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { etagOf } from '../../server/request/etag.ts';
import { ApiError } from '../../server/errors.ts';

const catalogue = loadCatalogue();
const get = (query: string, format: 'svg' | 'png' = 'svg') =>
  normaliseRequest(parseQuery(query, FIELD_NAMES), catalogue, format);
const etag = (query: string) => etagOf(get(query).spec, 'v1');

test('defaults are filled per scope', () => {
  const world = get('scope=world').spec;
  assert.equal(world.level, 'low');
  assert.equal(world.projection, 'naturalEarth1');
  assert.equal(world.theme, 'dark');
  assert.equal(world.width, 1200);
  assert.equal(world.height, null);
  assert.equal(world.legend, true);
  assert.equal(world.attribution, 'Made with Natural Earth');
  const ro = get('scope=ro').spec;
  assert.equal(ro.scope, 'RO');
  assert.equal(ro.level, 'medium');
  assert.equal(ro.projection, 'conicConformal');
});

test('equivalent requests share one ETag: order, case, aliases', () => {
  const base = etag('scope=world&data=US:200,DE:95,RO:1&theme=dark&projection=naturalEarth1');
  assert.equal(etag('theme=DARK&projection=naturalearth1&data=RO:1,DE:95,US:200&scope=WORLD'), base);
  assert.equal(etag('scope=world&data=usa:200,Germany:95,642:1'), base);
  assert.equal(etag('scope=world&data=United+States:200;DEU:95;Romania:1'), base);
  const ro = etag('scope=RO&data=RO-CJ:5,RO-B:7');
  assert.equal(etag('scope=ro&data=cj:5,RO.BI:7'), ro);
  assert.equal(etag('scope=RO&data=Cluj:5,Bucure%C8%99ti:7'), ro);
});

test('different maps get different ETags', () => {
  const base = etag('scope=world&data=US:200');
  for (const other of [
    'scope=world&data=US:201',
    'scope=world&data=US:200&theme=light',
    'scope=world&data=US:200&width=800',
    'scope=world&data=US:200&level=high',
    'scope=world&data=CA:200',
    'scope=world&data=US:200&legendTitle=x',
  ]) {
    assert.notEqual(etag(other), base, other);
  }
  assert.notEqual(etagOf(get('scope=world&data=US:200', 'png').spec, 'v1'), base);
  assert.notEqual(etagOf(get('scope=world&data=US:200').spec, 'v2'), base, 'a new renderer version');
});

test('the same map by GET and by POST JSON has the same normalised request', () => {
  const viaGet = get('scope=world&data=US:200,CN:150:%23ff0000,RO:&theme=light&legendTitle=GDP').spec;
  const viaPost = normaliseRequest(
    {
      scope: 'world',
      theme: 'light',
      legendTitle: 'GDP',
      format: 'svg',
      regions: [
        { id: 'CN', value: 150, color: '#ff0000' },
        { id: 'RO', value: null },
        { id: 'USA', value: 200 },
      ],
    },
    catalogue,
  ).spec;
  assert.deepEqual(viaPost, viaGet);
});

test('unknown ids are kept aside for the warning header, in request order', () => {
  const { spec, unknownIds } = get('scope=world&data=ZZ:1,US:2,Atlantis:3,ZZ:4');
  assert.deepEqual(unknownIds, ['ZZ', 'Atlantis']);
  assert.deepEqual(
    spec.regions.map((r) => r.id),
    ['US'],
  );
});

test('text values choose categories in order of first appearance; mixing with numbers is refused', () => {
  const { spec } = get('scope=world&data=US:High,CN:Low,DE:High,BR:Mid');
  assert.equal(spec.colorScale, 'categorical');
  assert.deepEqual(spec.categories, ['High', 'Low', 'Mid']);
  assert.throws(
    () => get('scope=world&data=US:High,CN:5'),
    (e: unknown) => e instanceof ApiError && e.code === 'invalid_data',
  );
  assert.throws(
    () => get('scope=world&data=US:High&colorScale=sequential'),
    (e: unknown) => e instanceof ApiError && e.field === 'colorScale',
  );
});

test('the same region twice, under any alias, is refused', () => {
  assert.throws(() => get('scope=world&data=US:1,USA:2'), /US is given twice/);
});

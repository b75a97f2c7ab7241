// Routes X-Geo-Warnings lists under `unknown-routes`: the server finds the ends that name no region, the renderer
// the ends that are not on the map; both write them `from>to`, each end a region id or `lat,lon`
// (server/request/route-text.ts, and renderer-page/layers/routes.ts, which a bundle cannot import).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { routeText } from '../../server/request/route-text.ts';
import { drawRequest, inLayer } from '../support/draw-request.ts';

const catalogue = loadCatalogue();

test('ends that name no region and no place: the route is set aside, written as the user wrote it', () => {
  const { spec, unknownRoutes } = normaliseRequest(
    {
      scope: 'world',
      routes: [
        { from: 'germany', to: 'QQ' },
        { fromLatLon: [1.5, 2], to: 'ZZ' },
        // both given: the coordinates place the end, the id is what the user recognises
        { from: 'DE', fromLatLon: [1, 2], to: 'Qwertyland' },
        { from: ' fr ', to: 'nowhere ' },
        { from: 'DE', to: 'FR' },
      ],
    },
    catalogue,
  );
  assert.deepEqual(unknownRoutes, ['germany>QQ', '1.5,2>ZZ', 'DE>Qwertyland', ' fr >nowhere ']);
  assert.deepEqual(
    spec.routes.map((r) => r.index),
    [4],
    'the drawable route keeps its place in the request',
  );
});

test('ends off the map: the renderer writes them as the server writes a route', async () => {
  // Singapore is far outside a box around Europe
  const { doc, spec, warnings } = await drawRequest('scope=world&bbox=-10,35,30,60&routes=SG>NL;SG>52.37,4.9;DE>FR');
  assert.deepEqual(warnings.unknownRoutes, ['SG>NL', 'SG>52.37,4.9']);
  assert.deepEqual(
    warnings.unknownRoutes,
    spec.routes.slice(0, 2).map((r) => routeText(r.from, r.to)),
  );
  assert.deepEqual(
    inLayer(doc, 'routes', 'path').map((p) => p.getAttribute('data-index')),
    ['2'],
    'the route on the map is drawn',
  );
});

test('a route whose ends are all on the map is no warning', async () => {
  const { warnings } = await drawRequest('scope=world&routes=SG>NL;1.35,103.8>52.37,4.9');
  assert.deepEqual(warnings.unknownRoutes, []);
});

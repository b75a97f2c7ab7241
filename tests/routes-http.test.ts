// Routes through HTTP and a real Chromium: great-circle and sea routes, their styles and arrowheads, ends
// at coordinates or region centres, the antimeridian, and ends that are not on the map.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, insideRegion, layers, pathPieces, region, root } from './support/svg.ts';
import { themes } from '../renderer-page/themes/index.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

const get = (path: string, init?: RequestInit) => fetchSvg(service.url, path, init);
const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const routesLayer = (doc: Document) => all(doc, 'g').find((g) => g.getAttribute('data-layer') === 'routes');
/** the route paths (not the arrowheads inside markers), in document order */
const routes = (doc: Document) => all(doc, 'path').filter((p) => p.parentNode === routesLayer(doc));

const first = (d: string) => pathPieces(d)[0][0];
const last = (d: string) => pathPieces(d).at(-1)!.at(-1)!;
/** The arrowhead a route's `marker-end` points at. */
function arrowhead(doc: Document, route: Element): Element | undefined {
  const ref = /^url\(#([\w-]+)\)$/.exec(route.getAttribute('marker-end') ?? '')?.[1];
  return ref ? all(doc, 'marker').find((m) => m.getAttribute('id') === ref) : undefined;
}
/** Widest horizontal step between consecutive points of one piece of a path. */
const widestStep = (d: string) =>
  Math.max(...pathPieces(d).flatMap((piece) => piece.slice(1).map((p, i) => Math.abs(p[0] - piece[i][0]))));

test('a great-circle route between coordinates: colour, width, arrowhead, ends at the projected points', async () => {
  const { doc, response } = await get(
    '/map.svg?scope=world&theme=dark&routes=44.43,26.10%3E52.52,13.40:%23ff8c00:3:arrow',
  );
  assert.equal(response.headers.get('x-geo-warnings'), null);
  const drawn = routes(doc);
  assert.equal(drawn.length, 1);
  const [route] = drawn;
  assert.equal(route.getAttribute('data-index'), '0');
  assert.equal(route.getAttribute('fill'), 'none');
  assert.equal(route.getAttribute('stroke'), '#ff8c00');
  assert.equal(route.getAttribute('stroke-width'), '3');
  assert.equal(route.getAttribute('stroke-dasharray'), null, 'solid by default');
  assert.equal(route.getAttribute('stroke-linecap'), 'round');
  const head = arrowhead(doc, route);
  assert.ok(head, 'marker-end points at a marker in the document');
  assert.equal(
    head.getElementsByTagName('path')[0]?.getAttribute('fill'),
    '#ff8c00',
    'the arrowhead has the route colour',
  );
  const d = route.getAttribute('d') ?? '';
  assert.ok(insideRegion(doc, 'RO', first(d)), `starts at Bucharest, in Romania (${first(d)})`);
  assert.ok(insideRegion(doc, 'DE', last(d)), `ends at Berlin, in Germany (${last(d)})`);
  // Berlin is north-west of Bucharest: the arrow points up and to the left
  const angle = Number(head.getAttribute('orient'));
  assert.ok(angle < -90 && angle > -180, `arrow orientation ${angle}°`);
  const order = layers(doc);
  assert.equal(order.indexOf('routes'), order.indexOf('regions') + 1, 'routes drawn right above the regions');
});

test('region ends start and end at the visual centres; dashed and dotted scale with the width', async () => {
  const { doc } = await get('/map.svg?scope=world&theme=dark&routes=DE>BR:dashed');
  const [route] = routes(doc);
  assert.equal(route.getAttribute('stroke'), themes.dark.text, 'no colour: the theme text colour');
  assert.equal(route.getAttribute('stroke-width'), '2', 'width 2 by default');
  assert.equal(route.getAttribute('stroke-dasharray'), '6 6');
  assert.equal(route.getAttribute('marker-end'), null, 'no arrow unless asked');
  const d = route.getAttribute('d') ?? '';
  assert.ok(insideRegion(doc, 'DE', first(d)) && insideRegion(doc, 'BR', last(d)));

  const post = (
    await get(
      '/render/map',
      postJson({
        scope: 'world',
        theme: 'light',
        routes: [
          { from: 'France', to: 'ESP', color: '#00aa00', width: 5, style: 'dotted', arrow: true },
          { fromLatLon: [44.43, 26.1], toLatLon: [52.52, 13.4], width: 1, style: 'dashed' },
        ],
      }),
    )
  ).doc;
  const [dotted, dashed] = routes(post);
  assert.deepEqual([dotted.getAttribute('data-index'), dashed.getAttribute('data-index')], ['0', '1']);
  assert.equal(dotted.getAttribute('stroke-dasharray'), '0 10', 'dots: zero-length dashes with round caps');
  assert.equal(dotted.getAttribute('stroke'), '#00aa00');
  assert.ok(arrowhead(post, dotted));
  assert.equal(dashed.getAttribute('stroke-dasharray'), '3 3');
  assert.equal(dashed.getAttribute('stroke'), themes.light.text);
  const fr = dotted.getAttribute('d') ?? '';
  assert.ok(insideRegion(post, 'FR', first(fr)) && insideRegion(post, 'ES', last(fr)));
});

test('a sea route from Shanghai to Rotterdam goes through Suez', async () => {
  const { doc } = await get('/map.svg?scope=world&theme=dark&routes=31.23,121.47%3E51.92,4.48:sea:arrow');
  const [route] = routes(doc);
  assert.ok(arrowhead(doc, route), 'with its arrowhead');
  const d = route.getAttribute('d') ?? '';
  const points = pathPieces(d).flat();
  assert.ok(insideRegion(doc, 'CN', first(d)), 'from Shanghai');
  assert.ok(insideRegion(doc, 'NL', last(d)), 'to Rotterdam');
  // at this scale the canal is land: the only way by sea into Egypt's outline is through it
  assert.ok(
    points.some((p) => insideRegion(doc, 'EG', p)),
    'through the Suez Canal',
  );
  for (const id of ['IN', 'SA', 'IR', 'KZ', 'RU', 'ZA']) {
    assert.ok(!points.some((p) => insideRegion(doc, id, p)), `not across ${id}`);
  }
  // the same ends by great circle cross Asia in a much shorter line
  const great = routes((await get('/map.svg?scope=world&theme=dark&routes=31.23,121.47%3E51.92,4.48')).doc)[0];
  const length = (path: string) =>
    pathPieces(path).reduce(
      (sum, piece) =>
        sum + piece.slice(1).reduce((s, p, i) => s + Math.hypot(p[0] - piece[i][0], p[1] - piece[i][1]), 0),
      0,
    );
  assert.ok(length(d) > 1.5 * length(great.getAttribute('d') ?? ''), 'the sea route is the long way round');
  const credit = (map: typeof doc) =>
    all(map, 'text')
      .map((t) => t.textContent)
      .find((t) => t?.startsWith('Made with'));
  assert.equal(credit(doc), 'Made with Natural Earth · sea lanes: Eurostat marnet', 'the shipping lanes are credited');
});

test('routes across the Pacific are cut at the antimeridian, never streaking across the map', async () => {
  for (const mode of ['', ':sea']) {
    const { doc } = await get(`/map.svg?scope=world&theme=dark&routes=35.62,139.77%3E37.8,-122.42:arrow${mode}`);
    const width = Number(root(doc).getAttribute('width'));
    const [route] = routes(doc);
    const d = route.getAttribute('d') ?? '';
    assert.ok(pathPieces(d).length >= 2, `${mode || 'great circle'}: cut into pieces at the antimeridian`);
    assert.ok(widestStep(d) < width / 2, `${mode || 'great circle'}: widest step ${widestStep(d)} px of ${width}`);
    assert.ok(insideRegion(doc, 'JP', first(d)) || first(d)[0] > width / 2, 'starts at Tokyo, on the right');
    assert.ok(last(d)[0] < width / 2, 'ends at San Francisco, on the left');
    assert.ok(arrowhead(doc, route), `${mode || 'great circle'}: the arrowhead is drawn at San Francisco`);
  }
});

test('a route to a region outside the map is skipped and reported; the rest of the map renders', async () => {
  // Singapore is far outside a box around Europe
  const europe = 'scope=world&bbox=-10,35,30,60';
  const { doc, response } = await get(`/map.svg?${europe}&routes=SG>NL`);
  assert.equal(response.headers.get('x-geo-warnings'), 'unknown-routes:SG>NL');
  assert.equal(routesLayer(doc), undefined, 'nothing to draw: no routes layer');
  assert.ok(region(doc, 'NL'), 'the map itself is there');

  const both = await get(`/map.svg?${europe}&routes=SG>NL;DE>FR:arrow`);
  assert.equal(both.response.headers.get('x-geo-warnings'), 'unknown-routes:SG>NL');
  const drawn = routes(both.doc);
  assert.deepEqual(
    drawn.map((r) => r.getAttribute('data-index')),
    ['1'],
    'the drawn route keeps its index in the request',
  );

  // Natural Earth's 110m countries (level low) have no Singapore, but the map knows where it is
  for (const level of ['low', 'medium']) {
    const answer = await get(`/map.svg?scope=world&level=${level}&routes=SG>NL:sea`);
    assert.equal(answer.response.headers.get('x-geo-warnings'), null, level);
    assert.equal(routes(answer.doc).length, 1, level);
  }
});

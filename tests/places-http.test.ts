// GET /places and place names in map requests, through HTTP and a real renderer: the ranking a user sees, the
// 400s naming the field, a marker at a city by name drawn where its coordinates draw it, a sea route between
// ports by name drawn as between their coordinates, and the warning for a place that is none.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document, Element } from '@xmldom/xmldom';
import { startService, type TestService } from './support/service.ts';
import { all, fetchSvg, insideRegion } from './support/svg.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

interface Place {
  name: string;
  kind: string;
  id: string;
  lat: number;
  lon: number;
  country: string | null;
  countryId: string | null;
  region: string | null;
  regionId: string | null;
}

async function places(query: string): Promise<Place[]> {
  const response = await fetch(`${service.url}/places?${query}`);
  assert.equal(response.status, 200, await response.clone().text());
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  return ((await response.json()) as { places: Place[] }).places;
}

const get = (path: string, init?: RequestInit) => fetchSvg(service.url, path, init);
const layer = (doc: Document, name: string) => all(doc, 'g').find((g) => g.getAttribute('data-layer') === name);
const markerGroups = (doc: Document) => all(doc, 'g').filter((g) => g.parentNode === layer(doc, 'markers'));
const routePaths = (doc: Document) => all(doc, 'path').filter((p) => p.parentNode === layer(doc, 'routes'));
function anchorOf(group: Element): [number, number] {
  const match = /^translate\((-?[\d.]+),(-?[\d.]+)\)$/.exec(group.getAttribute('transform') ?? '');
  assert.ok(match, `translate in ${group.getAttribute('transform')}`);
  return [Number(match[1]), Number(match[2])];
}

test('Paris: the French capital first, then by population; every field of the shape', async () => {
  const found = await places('q=Paris');
  assert.equal(found.length, 10, 'ten by default');
  assert.deepEqual(Object.keys(found[0]!), [
    'name',
    'kind',
    'id',
    'lat',
    'lon',
    'country',
    'countryId',
    'region',
    'regionId',
  ]);
  assert.equal(found[0]!.name, 'Paris');
  assert.equal(found[0]!.kind, 'city');
  assert.equal(found[0]!.countryId, 'FR');
  assert.equal(found[0]!.country, 'France');
  assert.ok(Math.abs(found[0]!.lat - 48.85) < 0.05 && Math.abs(found[0]!.lon - 2.35) < 0.05);
  const usCities = found.filter((p) => p.kind === 'city' && p.countryId === 'US');
  assert.ok(usCities.length >= 2, 'Paris, Texas and others follow');
  // after every place called Paris, those GeoNames also calls so: Parys, South Africa (50,000 people)
  const lastParis = found.map((p) => p.name).lastIndexOf('Paris');
  assert.ok(
    found.slice(0, lastParis + 1).every((p) => p.name === 'Paris'),
    found.map((p) => p.name).join(),
  );
  assert.equal(found.find((p) => p.id === '4717560')?.region, 'Texas', "a city's region, from its GeoNames admin code");
});

test('Paris, US and Paris, United States narrow to the country, largest first; country= does the same', async () => {
  const [byCode, byName, byFilter] = await Promise.all([
    places('q=Paris,%20US&limit=3'),
    places('q=Paris,+United+States&limit=3'),
    places('q=Paris&country=us&kind=city&limit=3'),
  ]);
  assert.equal(byCode.length, 3);
  assert.ok(byCode.every((p) => p.countryId === 'US' && p.name === 'Paris'));
  assert.equal(byCode[0]!.id, '4717560', 'Paris, Texas: the largest');
  assert.deepEqual(byName, byCode);
  assert.deepEqual(byFilter, byCode);
});

test('airports by IATA and ICAO code, ports by kind, regions, countries; accents and case ignored', async () => {
  const [otp] = await places('q=OTP');
  assert.equal(otp!.kind, 'airport');
  assert.equal(otp!.id, 'LROP');
  assert.equal(otp!.countryId, 'RO');
  assert.equal(otp!.regionId, 'RO-IF');
  assert.deepEqual((await places('q=lrop'))[0], otp);

  const [rotterdam] = await places('q=Rotterdam&kind=port');
  assert.equal(rotterdam!.kind, 'port');
  assert.equal(rotterdam!.id, 'NLRTM');
  assert.equal(rotterdam!.countryId, 'NL');

  const [bavaria] = await places('q=Bavaria&kind=region');
  assert.equal(bavaria!.id, 'DE-BY');
  assert.equal(bavaria!.countryId, 'DE');
  assert.equal(bavaria!.country, 'Germany');

  const [romania] = await places('q=romania');
  assert.equal(romania!.kind, 'country');
  assert.equal(romania!.id, 'RO');
  assert.equal(romania!.region, null);
  assert.ok(Math.abs(romania!.lat - 45.8) < 1 && Math.abs(romania!.lon - 24.9) < 1.5, "the country's centre");

  const [zurich] = await places('q=ZURICH&kind=city');
  assert.equal(zurich!.name, 'Zürich');
  assert.equal(zurich!.countryId, 'CH');
  assert.deepEqual(await places('q=Xyzzyplatz'), []);
});

test('cities by their other names: München, Wien, Praha, Bombay, Москва, 北京; York before Toronto', async () => {
  for (const [query, name, country] of [
    ['München', 'Munich', 'DE'],
    ['Muenchen', 'Munich', 'DE'],
    ['Wien', 'Vienna', 'AT'],
    ['Praha', 'Prague', 'CZ'],
    ['Bombay', 'Mumbai', 'IN'],
    ['Москва', 'Moscow', 'RU'],
    ['北京', 'Beijing', 'CN'],
    ['Den Haag', 'The Hague', 'NL'],
  ] as const) {
    const [city] = await places(`q=${encodeURIComponent(query)}&kind=city&limit=1`);
    assert.equal(city?.name, name, query);
    assert.equal(city?.countryId, country, query);
  }
  const [york] = await places('q=York&kind=city&limit=1');
  assert.equal(york!.countryId, 'GB', 'York, England, not Toronto, one of whose other names it is');
  const [rome] = await places('q=Roma&kind=city&limit=1');
  assert.equal(rome!.name, 'Rome', 'Rome, not Roma, Texas (its own name, but 10,000 people)');
});

test('Paris, Texas, Paris, TX and Paris, Texas, US narrow to the state; Atlanta, Georgia is not in Georgia the country', async () => {
  for (const query of ['Paris,+Texas', 'Paris,+TX', 'Paris,+Texas,+US', 'paris,+texas,+united+states']) {
    const [paris, ...others] = await places(`q=${query}&kind=city`);
    assert.equal(paris!.id, '4717560', query);
    assert.equal(paris!.regionId, 'US-TX', query);
    assert.ok(
      others.every((p) => p.regionId === 'US-TX'),
      query,
    );
  }
  const [tennessee] = await places('q=Paris,+Tennessee&kind=city');
  assert.equal(tennessee!.regionId, 'US-TN');
  const [atlanta] = await places('q=Atlanta,+Georgia&kind=city');
  assert.equal(atlanta!.regionId, 'US-GA');
  const [frankfurt] = await places('q=Frankfurt,+Brandenburg&kind=city');
  assert.equal(frankfurt!.name, 'Frankfurt (Oder)');
  const [london] = await places('q=London,+Ontario&kind=city');
  assert.equal(london!.countryId, 'CA');
  assert.deepEqual(await places('q=Paris,+Bavaria&kind=city'), [], 'a region with no such place: none');
});

test('a query that is not all there: the prefix, then words of names', async () => {
  const found = await places('q=new+yo&kind=city&limit=5');
  assert.equal(found[0]!.name, 'New York City');
  const [york] = await places('q=york&country=US&kind=city');
  assert.equal(york!.name, 'York', 'a whole name before a word of a longer one');
  assert.equal((await places('q=a&limit=50')).length, 50, 'at most 50');
});

test('a missing q, and a bad kind, country or limit: 400 invalid_field naming the field and what it takes', async () => {
  for (const [query, field, says] of [
    ['', 'q', /q is required/],
    ['q=', 'q', /q is required/],
    ['q=Paris&kind=town', 'kind', /country, region, city, airport, port/],
    ['q=Paris&country=FRA', 'country', /ISO 3166-1 alpha-2/],
    ['q=Paris&country=ZZ', 'country', /ISO 3166-1 alpha-2/],
    ['q=Paris&limit=0', 'limit', /1 to 50/],
    ['q=Paris&limit=51', 'limit', /1 to 50/],
    ['q=Paris&limit=ten', 'limit', /1 to 50/],
    ['q=Paris&where=FR', 'where', /q, kind, country and limit/],
  ] as const) {
    const response = await fetch(`${service.url}/places?${query}`);
    assert.equal(response.status, 400, query);
    const body = (await response.json()) as { error: string; field: string; message: string };
    assert.equal(body.error, 'invalid_field', query);
    assert.equal(body.field, field, query);
    assert.match(body.message, says, query);
  }
});

test("markers=Bucharest draws the pin where Bucharest's coordinates draw it, inside Romania: one map, one ETag", async () => {
  const [bucharest] = await places('q=Bucharest&kind=city');
  const byName = await get('/map.svg?scope=world&markers=Bucharest:pin:Bucharest');
  const byCoordinates = await get(`/map.svg?scope=world&markers=${bucharest!.lat},${bucharest!.lon}:pin:Bucharest`);
  const [pin] = markerGroups(byName.doc);
  assert.ok(pin, 'the marker is drawn');
  assert.deepEqual(anchorOf(pin), anchorOf(markerGroups(byCoordinates.doc)[0]!));
  assert.ok(insideRegion(byName.doc, 'RO', anchorOf(pin)), 'the pin is in Romania');
  assert.equal(byName.response.headers.get('etag'), byCoordinates.response.headers.get('etag'));
  assert.equal(byName.response.headers.get('x-geo-warnings'), null);

  const posted = await get('/render/map', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scope: 'world', format: 'svg', markers: [{ place: 'Bucharest', label: 'Bucharest' }] }),
  });
  assert.equal(
    posted.response.headers.get('etag'),
    byName.response.headers.get('etag'),
    'POST with place: the same map',
  );
});

test('Paris, US in a GET marker: the comma stays inside the position', async () => {
  const [texas] = await places('q=Paris,+US&limit=1');
  const { doc } = await get('/map.svg?scope=US&markers=Paris,%20US:pin:Paris');
  const { doc: byCoordinates } = await get(`/map.svg?scope=US&markers=${texas!.lat},${texas!.lon}:pin:Paris`);
  assert.deepEqual(anchorOf(markerGroups(doc)[0]!), anchorOf(markerGroups(byCoordinates)[0]!));
  assert.ok(insideRegion(doc, 'US-TX', anchorOf(markerGroups(doc)[0]!)), 'Paris, Texas');
  const { doc: tennessee } = await get('/map.svg?scope=US&markers=Paris,%20Tennessee:pin:Paris');
  assert.ok(insideRegion(tennessee, 'US-TN', anchorOf(markerGroups(tennessee)[0]!)), 'Paris, Tennessee');
});

test('markers=München draws the pin where Munich does, in Bavaria', async () => {
  const { doc: byOtherName, response } = await get(`/map.svg?scope=DE&markers=${encodeURIComponent('München')}:pin`);
  const { doc: byName } = await get('/map.svg?scope=DE&markers=Munich:pin');
  assert.equal(response.headers.get('x-geo-warnings'), null);
  assert.deepEqual(anchorOf(markerGroups(byOtherName)[0]!), anchorOf(markerGroups(byName)[0]!));
  assert.ok(insideRegion(byName, 'DE-BY', anchorOf(markerGroups(byName)[0]!)), 'in Bavaria');
});

test("routes=Shanghai>Rotterdam:sea draws the same route as between the two ports' coordinates", async () => {
  const [[shanghai], [rotterdam]] = await Promise.all([
    places('q=Shanghai&kind=port'),
    places('q=Rotterdam&kind=port'),
  ]);
  const byName = await get('/map.svg?scope=world&routes=Shanghai%3ERotterdam:sea');
  const byCoordinates = await get(
    `/map.svg?scope=world&routes=${shanghai!.lat},${shanghai!.lon}%3E${rotterdam!.lat},${rotterdam!.lon}:sea`,
  );
  const [route] = routePaths(byName.doc);
  assert.ok(route, 'the route is drawn');
  assert.equal(route.getAttribute('d'), routePaths(byCoordinates.doc)[0]!.getAttribute('d'));
  assert.equal(byName.response.headers.get('x-geo-warnings'), null);
});

test('a marker place that is none is left out and named in X-Geo-Warnings; a route end that is none: unknown route', async () => {
  const { doc, response } = await get(
    '/map.svg?scope=world&markers=Xyzzyplatz:pin;Bucharest:pin&routes=Xyzzyplatz%3ERotterdam',
  );
  assert.equal(markerGroups(doc).length, 1, 'Bucharest alone');
  assert.equal(routePaths(doc).length, 0);
  assert.equal(
    response.headers.get('x-geo-warnings'),
    'unknown-routes:Xyzzyplatz>Rotterdam; unknown-places:Xyzzyplatz',
  );
  // coordinates written wrong are still a 400, not a place
  const bad = await fetch(`${service.url}/map.svg?scope=world&markers=44.43,,26.10`);
  assert.equal(bad.status, 400);
  assert.equal(((await bad.json()) as { field: string }).field, 'markers');
});

test('/places is open under ACCESS=keys', async () => {
  const locked = await startService({ access: 'keys', keySecrets: ['places-test-secret-of-some-length-0123456789'] });
  try {
    const response = await fetch(`${locked.url}/places?q=Paris&limit=1`);
    assert.equal(response.status, 200);
    assert.equal((await fetch(`${locked.url}/map.svg?scope=world`)).status, 401);
  } finally {
    await locked.close();
  }
});

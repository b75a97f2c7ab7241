// The place index's ranking on places made up here: a whole name before a name that starts with the query before
// a word of a name that does; equal matches by weight, an alternate name's at a twentieth; accents, case and
// punctuation folded; the filters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Match, PlaceIndex, placeKey } from '../../server/places/place-index.ts';
import type { SourcePlace } from '../../server/places/place-sources.ts';

const place = (name: string, more: Partial<SourcePlace> = {}): SourcePlace => ({
  kind: 'city',
  id: name,
  name,
  also: [],
  lat: 0,
  lon: 0,
  country: 'FR',
  region: '',
  weight: 1000,
  ...more,
});

const PLACES = [
  place('Parisville', { weight: 5e6 }),
  place('Paris', { weight: 2e6 }),
  place('Paris', { id: 'paris-us', country: 'US', weight: 25_000 }),
  place('Le Paris Nord', { weight: 9e6 }),
  place('Paris', { id: 'FR-75', kind: 'region', region: 'FR-75', weight: 1e6 }),
  place('Saint-Étienne', { weight: 170_000 }),
  place('Henri Coandă International Airport', { id: 'LROP', kind: 'airport', also: ['OTP', 'LROP'], country: 'RO' }),
  // GeoNames' alternate names: Toronto's hold York, Rome's Roma
  place('Toronto', { country: 'CA', region: 'CA-ON', alternates: ['York', 'Toronto'], weight: 2.6e6 }),
  place('York', { country: 'GB', region: 'GB-YOR', weight: 150_000 }),
  place('Rome', { country: 'IT', region: 'IT-62', alternates: ['Roma', 'Rom', 'Rzym'], weight: 2.3e6 }),
  place('Roma', { country: 'AU', region: 'AU-QLD', weight: 6_000 }),
  place('Roma', { country: 'US', region: 'US-TX', weight: 10_000 }),
];
const index = new PlaceIndex((add) => PLACES.forEach(add));
const names = (query: string, filter = {}, limit = 10) =>
  index.search(placeKey(query), filter, limit).map((f) => `${index.name(f.place)}/${index.id(f.place)}`);

test('whole names first, by weight; then names that start so; then words of names', () => {
  assert.deepEqual(names('paris'), [
    'Paris/Paris',
    'Paris/FR-75',
    'Paris/paris-us',
    'Parisville/Parisville',
    'Le Paris Nord/Le Paris Nord',
  ]);
  const found = index.search(placeKey('paris'), {}, 10);
  assert.deepEqual(
    found.map((f) => f.match),
    [Match.Exact, Match.Exact, Match.Exact, Match.Prefix, Match.WordPrefix],
  );
});

test('accents, case and punctuation are folded, in the index and the query alike', () => {
  assert.deepEqual(names('SAINT ETIENNE'), ['Saint-Étienne/Saint-Étienne']);
  assert.deepEqual(names('saint-étienne'), ['Saint-Étienne/Saint-Étienne']);
  assert.deepEqual(names('etienne'), ['Saint-Étienne/Saint-Étienne']);
});

test('codes are spellings: an airport by IATA and ICAO code', () => {
  assert.deepEqual(names('otp'), ['Henri Coandă International Airport/LROP']);
  assert.deepEqual(names('LROP'), ['Henri Coandă International Airport/LROP']);
  assert.deepEqual(names('coanda'), ['Henri Coandă International Airport/LROP']);
});

test('kind and country filter; limit cuts; a country the index does not have finds nothing', () => {
  assert.deepEqual(names('paris', { kind: 'region' }), ['Paris/FR-75']);
  assert.deepEqual(names('paris', { country: 'US' }), ['Paris/paris-us']);
  assert.deepEqual(names('paris', {}, 2), ['Paris/Paris', 'Paris/FR-75']);
  for (const query of ['paris', 'roma', 'r', 'p', 'york'])
    for (const limit of [1, 2, 3, 4])
      assert.deepEqual(names(query, {}, limit), names(query, {}, 50).slice(0, limit), `${query}, ${limit}`);
  assert.deepEqual(names('paris', { country: 'DE' }), []);
  assert.deepEqual(names('nowhere'), []);
  assert.deepEqual(names('  '), []);
});

test('alternate names find a place, at a twentieth of its weight: York before Toronto, Rome before Roma', () => {
  assert.deepEqual(names('rzym'), ['Rome/Rome']);
  assert.deepEqual(names('roma'), ['Rome/Rome', 'Roma/Roma', 'Roma/Roma']);
  assert.deepEqual(
    index.search(placeKey('roma'), {}, 3).map((f) => [index.country(f.place), f.match, f.alternate]),
    [
      ['IT', Match.Exact, true],
      ['US', Match.Exact, false],
      ['AU', Match.Exact, false],
    ],
  );
  assert.deepEqual(names('york'), ['York/York', 'Toronto/Toronto']);
  assert.deepEqual(
    index.search(placeKey('toronto'), {}, 1).map((f) => f.alternate),
    [false],
    'a name that is also among the alternates is the name',
  );
});

test('regions filter: Roma in Texas, Roma in Queensland', () => {
  assert.deepEqual(
    index.search(placeKey('roma'), { regions: ['US-TX'] }, 5).map((f) => index.country(f.place)),
    ['US'],
  );
  assert.deepEqual(
    index.search(placeKey('roma'), { regions: ['AU-QLD', 'US-TX'] }, 5).map((f) => index.country(f.place)),
    ['US', 'AU'],
  );
  assert.deepEqual(names('roma', { regions: ['DE-BY'] }), [], 'a region no place is in');
});

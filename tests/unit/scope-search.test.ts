// What the preview page's scope picker offers for what a user types (renderer-page/preview/scope-search.ts),
// over a few scopes shaped as GET /scopes lists them; no browser needed:
//   node --import tsx --test tests/unit/scope-search.test.ts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ScopeSummary } from '../../renderer-page/preview/api.ts';
import { indexScopes, scopeDetail, searchScopes } from '../../renderer-page/preview/scope-search.ts';

const boundaries = { source: 'Natural Earth', licence: 'public domain' };
const scope = (
  id: string,
  kind: ScopeSummary['kind'],
  name: string,
  regionKind: string,
  regionCount: number,
  divisions: ScopeSummary['divisions'] = [],
): ScopeSummary => ({ id, kind, name, regionKind, regionCount, boundaries, divisions });

const SCOPES: ScopeSummary[] = [
  scope('world', 'world', 'World', 'countries', 254),
  scope('CI', 'country', "Côte d'Ivoire", 'departments', 19),
  scope('DE', 'country', 'Germany', 'states', 16),
  scope('DK', 'country', 'Denmark', 'regions', 5),
  scope('DZ', 'country', 'Algeria', 'provinces', 48),
  scope('FR', 'country', 'France', 'departments', 101, [
    { id: 'regions', regionKind: 'regions', regionCount: 18, boundaries },
  ]),
  scope('GB', 'country', 'United Kingdom', 'council areas', 232),
  scope('RO', 'country', 'Romania', 'counties', 42),
  scope('UA', 'country', 'Ukraine', 'regions', 25),
  scope('US', 'country', 'United States', 'states', 52, [
    { id: 'counties', regionKind: 'counties', regionCount: 3220, boundaries },
  ]),
  scope('EU', 'group', 'European Union', 'member countries', 27),
  scope('europe', 'group', 'Europe', 'member countries', 57),
];
const ALIASES = new Map([
  ['DE', ['DEU', 'Deutschland', 'Allemagne']],
  ['DZ', ['Democratische Volksrepubliek Algerije']],
  ['GB', ['UK', 'Great Britain']],
  ['US', ['USA', 'EUA']],
]);
const index = indexScopes(SCOPES, ALIASES);

/** What the picker lists, as "kind: id id …" lines. */
const offered = (text: string) =>
  searchScopes(index, text).map((g) => `${g.kind}: ${g.matches.map((m) => m.scope.id).join(' ')}`);

test('a name, its start or an id finds the scope, in any case and without diacritics', () => {
  assert.deepEqual(offered('germ'), ['country: DE']);
  assert.deepEqual(offered('GERMANY'), ['country: DE']);
  assert.deepEqual(
    offered('de'),
    ['country: DE DK'],
    'the id first, then names; no "Democratische …" from two letters',
  );
  assert.deepEqual(offered('cote d iv'), ['country: CI']);
  assert.deepEqual(offered('côte d’ivoire'), ['country: CI']);
});

test('a group is found by its id or name, under its kind; the kind holding the best match comes first', () => {
  assert.deepEqual(offered('EU'), ['group: EU europe'], 'two letters match other names only whole: not "EUA"');
  assert.deepEqual(offered('union'), ['group: EU']);
  assert.deepEqual(offered('u'), ['country: UA US GB', 'group: EU']);
});

test('a country is found by its other names, the name found by shown', () => {
  assert.deepEqual(offered('Deutsch'), ['country: DE']);
  assert.equal(scopeDetail(searchScopes(index, 'Deutsch')[0].matches[0]), '16 states · “Deutschland”');
  assert.deepEqual(offered('uk'), ['country: GB UA'], 'an exact other name before a name that only starts so');
});

test('a kind of region finds the scopes made of it, or that have it as a second level', () => {
  assert.deepEqual(offered('counties'), ['country: RO US']);
  assert.equal(scopeDetail({ scope: SCOPES.find((s) => s.id === 'FR')! }), '101 departments · also 18 regions');
});

test('nothing typed lists every scope: the world, the countries, the groups, each by name', () => {
  assert.deepEqual(offered(''), ['world: world', 'country: DZ CI DK FR DE RO UA GB US', 'group: europe EU']);
  assert.deepEqual(offered('zzz'), []);
});

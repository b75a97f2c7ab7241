// The scope catalogue through HTTP: GET /scopes and /scopes/{id}, an unknown scope's 404 with the closest ones,
// and the closest id /render/spec suggests for an unknown one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceForTests } from './support/service.ts';

const service = serviceForTests();

interface ScopeSummary {
  id: string;
  kind: string;
  name: string;
  regionCount: number;
  defaultProjection: string;
  boundaries: { source: string; licence: string };
  ownIds: string[];
}

test('GET /scopes lists every scope with its kind, defaults, region count, source and licence', async () => {
  const { scopes } = (await (await fetch(`${service.url}/scopes`)).json()) as { scopes: ScopeSummary[] };
  assert.ok(scopes.filter((s) => s.kind === 'country').length >= 200);
  const de = scopes.find((s) => s.id === 'DE')!;
  assert.equal(de.name, 'Germany');
  assert.equal(de.regionCount, 16);
  assert.match(de.boundaries.source, /Natural Earth/);
  assert.match(de.boundaries.licence, /public domain/);
  assert.equal(scopes.find((s) => s.id === 'US')!.defaultProjection, 'albersUsa');
  assert.equal(scopes.find((s) => s.id === 'world')!.kind, 'world');

  const detail = (await (await fetch(`${service.url}/scopes/de`)).json()) as ScopeSummary & {
    regions: Array<{ id: string; name: string; aliases: string[] }>;
  };
  const bavaria = detail.regions.find((r) => r.id === 'DE-BY')!;
  assert.equal(bavaria.name, 'Bavaria');
  for (const alias of ['BY', 'DE.BY', 'Bayern']) assert.ok(bavaria.aliases.includes(alias), alias);
  const us = (await (await fetch(`${service.url}/scopes/US`)).json()) as ScopeSummary;
  assert.deepEqual(us.ownIds, ['US-PR']);
});

test('an unknown scope is 404 naming the closest scopes, and nothing is rendered', async () => {
  const before = service.rendered.length;
  for (const [scope, hint] of [
    ['Germany', 'did you mean DE?'],
    ['Deutschland', 'did you mean DE?'],
    ['wrold', 'did you mean world?'],
  ]) {
    const response = await fetch(`${service.url}/map.svg?scope=${scope}&data=BY:5`);
    const body = (await response.json()) as { error: string; message: string; field: string };
    assert.equal(response.status, 404);
    assert.equal(body.error, 'invalid_scope');
    assert.equal(body.field, 'scope');
    assert.ok(body.message.includes(hint), body.message);
  }
  const listing = await fetch(`${service.url}/scopes/Germany`);
  assert.equal(listing.status, 404);
  assert.match(((await listing.json()) as { message: string }).message, /did you mean DE\?/);
  assert.equal(service.rendered.length, before);
});

test('/render/spec suggests the closest id for each unknown one', async () => {
  const world = (await (
    await fetch(`${service.url}/render/spec?scope=world&data=Germny:1,Frnace:2,Bavaria:3,US:4`)
  ).json()) as {
    warnings: { unknownIds: string[] };
    suggestions: Array<{ given: string; id: string }>;
  };
  assert.deepEqual(world.warnings.unknownIds, ['Germny', 'Frnace', 'Bavaria']);
  assert.deepEqual(world.suggestions, [
    { given: 'Germny', id: 'DE' },
    { given: 'Frnace', id: 'FR' },
  ]);
  const germany =
    (await // with a known one: none known is a 422 no_known_ids (DECISIONS §10), whose message names the same closest ids
    (await fetch(`${service.url}/render/spec?scope=DE&data=Bayrn:1,Nordrhein-Westfahlen:2,Hessen:3`)).json()) as {
      suggestions: Array<{ given: string; id: string }>;
    };
  assert.deepEqual(germany.suggestions, [
    { given: 'Bayrn', id: 'DE-BY' },
    { given: 'Nordrhein-Westfahlen', id: 'DE-NW' },
  ]);
});

// Current ISO 3166-2 codes and English names, as a user meets them: data keyed by today's codes colour their
// regions, data keyed by the codes Natural Earth still carries colour the same regions, and a country's list of
// regions names them in English, keeping the local names as spellings the data may use.
//   NODE_ENV=test node --import tsx --test --test-concurrency=1 tests/subdivision-ids-http.test.ts
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type TestService } from './support/service.ts';
import { fetchSvg, fill, tooltip } from './support/svg.ts';

let service: TestService;
before(async () => {
  service = await startService();
});
after(() => service.close());

test('Greece: Attica is GR-I, as ISO 3166-2 has coded it since 2011; its old code GR-A1 still finds it', async () => {
  const { doc } = await fetchSvg(service.url, '/map.svg?scope=GR&theme=light&data=GR-I:3,GR-B:1');
  assert.match(tooltip(doc, 'GR-I') ?? '', /^Attica: 3/);
  const { doc: old } = await fetchSvg(service.url, '/map.svg?scope=GR&theme=light&data=GR-A1:3,GR-B:1');
  assert.equal(fill(old, 'GR-I'), fill(doc, 'GR-I'));
  assert.notEqual(fill(doc, 'GR-I'), fill(doc, 'GR-B'));
});

test("Kazakhstan's recoded regions keep their English names", async () => {
  const { doc } = await fetchSvg(service.url, '/map.svg?scope=KZ&theme=light&data=KZ-11:3,KZ-AKT:1');
  assert.match(tooltip(doc, 'KZ-11') ?? '', /^Akmola: 3/);
  assert.match(tooltip(doc, 'KZ-15') ?? '', /^Aktobe: 1/);
});

test("Iran's provinces by ISO's current numbering: IR-23 is Tehran, IR-07 Fars, Alborz apart as IR-30", async () => {
  const { doc } = await fetchSvg(service.url, '/map.svg?scope=IR&theme=light&data=IR-23:3,IR-07:1,IR-30:2');
  assert.match(tooltip(doc, 'IR-23') ?? '', /^Tehran: 3/);
  assert.match(tooltip(doc, 'IR-07') ?? '', /^Fars: 1/);
  assert.match(tooltip(doc, 'IR-30') ?? '', /^Alborz: 2/);
});

test("France's regions in English in GET /scopes/FR, the French names among their aliases", async () => {
  const response = await fetch(`${service.url}/scopes/FR`);
  assert.equal(response.status, 200);
  const body = (await response.json()) as {
    regions: Array<{ id: string; name: string; aliases: string[] }>;
    divisions: Array<{ id: string; regions: Array<{ id: string; name: string; aliases: string[] }> }>;
  };
  const regions = body.divisions.find((d) => d.id === 'regions')!.regions;
  const named = (id: string) => regions.find((r) => r.id === id)!;
  for (const [id, name, local] of [
    ['FR-BRE', 'Brittany', 'Bretagne'],
    ['FR-NOR', 'Normandy', 'Normandie'],
    ['FR-20R', 'Corsica', 'Corse'],
    ['FR-973', 'French Guiana', 'Guyane (française)'],
    ['FR-974', 'Réunion', 'La Réunion'],
  ] as const) {
    assert.equal(named(id).name, name);
    assert.ok(named(id).aliases.includes(local), `${local} an alias of ${id}`);
  }
  assert.equal(body.regions.find((r) => r.id === 'FR-973')!.name, 'French Guiana');
});

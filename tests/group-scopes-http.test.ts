// Group scopes through HTTP and a real Chromium: the EU, NATO and the others, and the continents; their members
// drawn, their lists dated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceForTests } from './support/service.ts';
import { mapRequests } from './support/map-requests.ts';
import { all, fill, pathPieces, region, root } from './support/svg.ts';
import type { ScopeSummary } from '../renderer-page/preview/api.ts';

const service = serviceForTests();
const { svg } = mapRequests(service);

test("groups: the EU's 27 members with insets, the neighbours muted; NATO, BRICS and the continents; memberships dated", async () => {
  const { doc } = await svg('/map.svg?scope=eu&theme=light&data=DE:1,France:2,POL:3,MT:4');
  const members = new Set(
    all(doc, '*')
      .map((e) => e.getAttribute('data-id'))
      .filter(Boolean),
  );
  // and Northern Cyprus, drawn apart from Cyprus, which takes its value (the UN buffer zone has no outline here)
  assert.equal(members.size, 28, 'every member, Malta as a dot at this level');
  assert.ok(members.has('MT') && members.has('CYN') && !members.has('GB') && !members.has('CH'));
  assert.ok(
    all(doc, 'path').some((p) => !p.getAttribute('data-id')),
    'non-members are drawn as context',
  );
  // French Guiana is in an inset: France's outline stays inside the map
  const width = Number(root(doc).getAttribute('width'));
  assert.ok(
    pathPieces(region(doc, 'FR')!.getAttribute('d')!)
      .flat()
      .every(([x]) => x >= 0 && x <= width),
  );

  const { scopes } = (await (await fetch(`${service.url}/scopes`)).json()) as { scopes: ScopeSummary[] };
  const groups = scopes.filter((s) => s.kind === 'group');
  for (const id of [
    'EU',
    'NATO',
    'G7',
    'G20',
    'ASEAN',
    'OECD',
    'BRICS',
    'africa',
    'asia',
    'europe',
    'north-america',
    'south-america',
    'oceania',
  ]) {
    const group = groups.find((s) => s.id === id);
    assert.ok(group?.members?.asOf, `${id} is listed with the date its members are true for`);
  }
  assert.deepEqual(
    ['EU', 'NATO', 'G7', 'BRICS', 'ASEAN', 'OECD'].map((id) => groups.find((s) => s.id === id)!.regionCount),
    // the EU's 27 members and the two units of Cyprus drawn apart, Northern Cyprus and the UN buffer zone
    [29, 32, 7, 10, 11, 38],
  );
  const nato = await svg('/map.svg?scope=NATO&data=US:1,TR:2');
  assert.ok(fill(nato.doc, 'US') && fill(nato.doc, 'TR'));
  const africa = (await (
    await fetch(`${service.url}/render/spec?scope=africa&data=Nigeria:1,Egypt:2,ZZ:3`)
  ).json()) as { warnings: { unknownIds: string[] } };
  assert.deepEqual(africa.warnings.unknownIds, ['ZZ']);
  // with a member: a request none of whose regions is known is a 422 no_known_ids (DECISIONS §10)
  const outside = (await (await fetch(`${service.url}/render/spec?scope=EU&data=GB:1,FR:2`)).json()) as {
    warnings: { unknownIds: string[] };
  };
  assert.deepEqual(outside.warnings.unknownIds, ['GB'], 'a non-member is no region of the group');
});

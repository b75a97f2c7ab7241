// Fair shares of slots and places among clients (server/render/fair-share.ts), on a clock the tests move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ACTIVE_MS, FairShare, SLOT_COST } from '../../server/render/fair-share.ts';
import { RenderRefused } from '../../server/render/render-errors.ts';

function shares(slots: number, queueMax: number) {
  let now = 0;
  const fair = new FairShare({ renderer: 'test', slots, queueMax, now: () => now });
  /** who got a slot, in order */
  const served: string[] = [];
  const enter = (client: string, cost?: number) => {
    const place = fair.enter(client, cost);
    const slot = place.slot.then(() => served.push(client));
    slot.catch(() => {});
    return { ...place, slot };
  };
  return { fair, served, enter, advance: (ms: number) => (now += ms) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));
const refusedAs = (reason: string) => (error: unknown) => error instanceof RenderRefused && error.reason === reason;

test('a client alone has every slot and every place; past them the queue is full (503), not its greed', async () => {
  const { fair, served, enter } = shares(2, 2);
  for (let i = 0; i < 4; i++) enter('greedy');
  await settled();
  assert.deepEqual(served, ['greedy', 'greedy']);
  assert.equal(fair.queued, 2);
  assert.throws(() => enter('greedy'), refusedAs('queue-full'));
});

test('free slots go round the clients in line: a newcomer is served before the greedy client’s earlier maps', async () => {
  const { fair, served, enter } = shares(2, 8);
  for (let i = 0; i < 6; i++) enter('greedy');
  enter('polite');
  await settled();
  assert.deepEqual(served, ['greedy', 'greedy']);
  fair.release('greedy');
  await settled();
  assert.deepEqual(
    served.slice(2),
    ['polite'],
    'the first slot freed goes to the client who waited least long in turn',
  );
});

test('with another client active, one holds no more than its share of slots, so a slot stays free for the other', async () => {
  const { fair, served, enter, advance } = shares(2, 8);
  enter('polite');
  await settled();
  fair.release('polite');
  // polite has had a map: for ACTIVE_MS it is active, and greedy's share is one slot of two
  for (let i = 0; i < 3; i++) enter('greedy');
  await settled();
  assert.deepEqual(served, ['polite', 'greedy']);
  enter('polite');
  await settled();
  assert.deepEqual(served.slice(2), ['polite'], 'polite finds a free slot at once');
  fair.release('polite');
  // once polite is no longer active, greedy has both slots again, from the next release on
  advance(ACTIVE_MS + 1);
  fair.release('greedy');
  await settled();
  assert.deepEqual(served.slice(3), ['greedy', 'greedy']);
});

test('a client over its share of places is refused 429, and with the queue full its newest place goes to a newcomer', async () => {
  const { fair, served, enter } = shares(1, 4);
  const places = [0, 1, 2, 3, 4].map(() => enter('greedy'));
  await settled();
  assert.deepEqual(served, ['greedy']);
  assert.equal(fair.queued, 4);
  // the queue is full of greedy's maps: polite takes the newest of them
  const polite = enter('polite');
  await assert.rejects(places[4]!.slot, refusedAs('over-share'));
  assert.equal(fair.queued, 4);
  // two clients share four places: greedy holds three, over its two
  assert.throws(() => enter('greedy'), refusedAs('over-share'));
  fair.release('greedy');
  await polite.slot;
  assert.deepEqual(served, ['greedy', 'polite']);
});

test('a place given up at a deadline leaves the line', async () => {
  const { fair, served, enter } = shares(1, 4);
  enter('a');
  const late = enter('b');
  enter('c');
  late.leave();
  assert.equal(fair.queued, 1);
  fair.release('a');
  await settled();
  assert.deepEqual(served, ['a', 'c']);
});

test('shares weigh cost: a client’s costly maps go one at a time, however many slots are free', async () => {
  const { fair, served, enter } = shares(4, 8);
  // an 8000 px world PNG costs about 1,100, four and a half slots' worth
  for (let i = 0; i < 3; i++) enter('costly', 4.5 * SLOT_COST);
  await settled();
  assert.deepEqual(served, ['costly'], 'alone, and three slots free: its second waits for its first');
  enter('cheap', 100);
  enter('cheap', 100);
  await settled();
  assert.deepEqual(served.slice(1), ['cheap', 'cheap'], 'the free slots go to maps that fit them');
  fair.release('costly', 4.5 * SLOT_COST);
  await settled();
  assert.deepEqual(served.slice(3), ['costly']);
});

test('a free slot goes to the client given the least cost, not the one that waited longest', async () => {
  const { fair, served, enter } = shares(1, 16);
  enter('costly', 1000);
  await settled();
  for (let i = 0; i < 3; i++) enter('costly', 1000);
  for (let i = 0; i < 4; i++) enter('cheap', 100);
  for (let i = 0; i < 6; i++) {
    await settled();
    fair.release(served.at(-1)!, served.at(-1) === 'costly' ? 1000 : 100);
  }
  await settled();
  // costly has been given 1,000: cheap's four maps (400) all come first, then costly's next
  assert.deepEqual(served, ['costly', 'cheap', 'cheap', 'cheap', 'cheap', 'costly', 'costly']);
});

test('maps of one cost go round the clients in turn; a client back after a pause has no credit saved up', async () => {
  const { fair, served, enter, advance } = shares(1, 16);
  enter('a');
  await settled();
  for (let i = 0; i < 2; i++) enter('a');
  for (let i = 0; i < 3; i++) enter('b');
  for (let i = 0; i < 5; i++) {
    await settled();
    fair.release(served.at(-1)!);
  }
  await settled();
  assert.deepEqual(served, ['a', 'b', 'a', 'b', 'a', 'b']);
  fair.release('b');
  // a has been away: it comes back level with where the line stands, not owed the turns it did not take
  advance(ACTIVE_MS + 1);
  enter('b');
  await settled();
  for (let i = 0; i < 3; i++) enter('b');
  for (let i = 0; i < 2; i++) enter('a');
  for (let i = 0; i < 4; i++) {
    await settled();
    fair.release(served.at(-1)!);
  }
  await settled();
  assert.deepEqual(served.slice(6), ['b', 'a', 'b', 'a', 'b']);
});

// The admission policy both renderers share, without either of them: slots, a bounded line, one deadline with
// the waiting included, and draining.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Admission } from '../../server/render/admission.ts';
import { RenderFailed, RenderRefused, RenderTimedOut, renderError } from '../../server/render/render-errors.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
setFlagsFromString('--expose-gc');
/** A full garbage collection, without starting node with --expose-gc. */
const collectGarbage = runInNewContext('gc') as () => void;
/** Work that takes `ms`, and says whether its signal was aborted when it ended. */
const work = (ms: number) => async (signal: AbortSignal) => {
  await sleep(ms);
  return signal.aborted ? 'aborted' : 'done';
};

test('slots run at once, the line waits, and beyond the line is refused', async () => {
  const admission = new Admission({ renderer: 'test', slots: 2, queueMax: 1, deadlineMs: 1000 });
  const runs = [admission.run(work(50), 'a'), admission.run(work(50), 'a'), admission.run(work(50), 'a')];
  assert.equal(admission.queued, 1);
  await assert.rejects(
    admission.run(work(1), 'a'),
    (e: unknown) => e instanceof RenderRefused && e.reason === 'queue-full',
  );
  assert.deepEqual(await Promise.all(runs), ['done', 'done', 'done']);
  assert.equal(admission.queued, 0);
  assert.equal(await admission.run(work(1), 'a'), 'done', 'every slot was given back');
});

test('the deadline counts the waiting: a render past it is refused its place in line, and its work is told', async () => {
  const admission = new Admission({ renderer: 'test', slots: 1, queueMax: 4, deadlineMs: 100 });
  let told = false;
  const long = admission.run(async (signal) => {
    signal.addEventListener('abort', () => {
      told = true;
    });
    await sleep(300);
  }, 'a');
  const longLate = assert.rejects(long, RenderTimedOut);
  await assert.rejects(
    admission.run(work(1), 'a'),
    (e: unknown) => e instanceof RenderTimedOut && e.deadlineMs === 100,
  );
  await longLate;
  assert.ok(told, 'the running work saw its signal abort');
  assert.equal(admission.queued, 0, 'the late one left the line');
  assert.equal(await admission.run(work(1), 'a'), 'done');
});

test('a finished render is not held until its deadline: its map can be collected at once', async () => {
  const admission = new Admission({ renderer: 'test', slots: 1, queueMax: 1, deadlineMs: 60_000 });
  let map: WeakRef<Uint8Array> | undefined;
  await admission.run(async () => {
    const body = new Uint8Array(1 << 20);
    map = new WeakRef(body);
    return body;
  }, 'a');
  // the answer has been dropped; a deadline still pending 60 s on would keep it alive through the race
  await sleep(0);
  collectGarbage();
  assert.equal(map?.deref(), undefined);
});

test('draining refuses new renders and lets those in flight finish', async () => {
  const admission = new Admission({ renderer: 'test', slots: 1, queueMax: 1, deadlineMs: 1000 });
  const inFlight = admission.run(work(30), 'a');
  admission.drain();
  await assert.rejects(
    admission.run(work(1), 'a'),
    (e: unknown) => e instanceof RenderRefused && e.reason === 'draining',
  );
  assert.equal(await inFlight, 'done');
});

test('anything a renderer throws but a refusal or a timeout is a failed render, its cause kept', () => {
  const bug = new Error('renderer bug');
  const failed = renderError(bug);
  assert.ok(failed instanceof RenderFailed && failed.cause === bug);
  const late = new RenderTimedOut(5, 'svg');
  assert.equal(renderError(late), late);
});

// When a page lets Chromium's buffer of its frames go (frame-buffer.ts): once keeping a buffer larger than the
// frames drawn into it has cost about what letting it go costs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FrameBuffer, IDLE_KEPT_PIXELS, RELEASE_PIXELS } from '../../server/render/chromium/frame-buffer.ts';

const world = { width: 1200, height: 652 };
const norway = { width: 1200, height: 2111 };

test('frames of one size, or each larger than the last, never let the buffer go', () => {
  const buffer = new FrameBuffer();
  for (let i = 0; i < 100; i++) assert.equal(buffer.releaseBefore(world), false);
  for (const height of [700, 900, 2111]) assert.equal(buffer.releaseBefore({ width: 1200, height }), false);
});

test('after a tall map, the second world map lets the buffer go, and a world map after it keeps the new one', () => {
  const buffer = new FrameBuffer();
  buffer.releaseBefore(norway);
  // each world frame wastes 1200 × (2111 - 652) = 1.75 million pixels
  assert.equal(buffer.releaseBefore(world), false);
  assert.equal(buffer.releaseBefore(world), true);
  for (let i = 0; i < 100; i++) assert.equal(buffer.releaseBefore(world), false);
});

test('a buffer larger in one dimension only is kept while it wastes less than the threshold', () => {
  const buffer = new FrameBuffer();
  buffer.releaseBefore({ width: 1300, height: 652 });
  // 100 × 652 = 65,200 pixels wasted a frame
  const frames = Math.ceil(RELEASE_PIXELS / (100 * 652));
  for (let i = 1; i < frames; i++) assert.equal(buffer.releaseBefore(world), false, `frame ${i}`);
  assert.equal(buffer.releaseBefore(world), true);
});

test('a wider map makes a buffer of its own size, which smaller maps then waste from', () => {
  const buffer = new FrameBuffer();
  buffer.releaseBefore(norway);
  buffer.releaseBefore(world);
  // wider than Norway's buffer: Chromium makes one at this size, and the waste counts from it
  assert.equal(buffer.releaseBefore({ width: 1600, height: 869 }), false);
  assert.equal(buffer.releaseBefore(world), false);
});

test('a buffer over IDLE_KEPT_PIXELS is let go once the page falls idle; a world map’s is kept', () => {
  const buffer = new FrameBuffer();
  buffer.releaseBefore(world);
  assert.equal(buffer.releaseWhenIdle(), false);
  buffer.releaseBefore({ width: 8000, height: 8000 });
  assert.equal(buffer.releaseWhenIdle(), true, 'an 8000² poster');
  assert.equal(buffer.releaseWhenIdle(), false, 'let go once');
  // the next frame makes a buffer of its own size
  assert.equal(buffer.releaseBefore(world), false);
  assert.ok(8000 * 8000 > IDLE_KEPT_PIXELS && 4000 * 4000 <= IDLE_KEPT_PIXELS);
});

// The Chromium pool's limits seen from outside (PNG; the SVG threads' are tests/svg-threads.test.ts): a full
// queue answers 503 with Retry-After, a render past its deadline 504, and neither leaves anything cached or
// the service broken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startService } from './support/service.ts';

test('a full queue is 503 overloaded with Retry-After; the service goes on', async () => {
  const service = await startService({ poolSize: 1, queueMax: 0, renderTimeoutMs: 400 });
  try {
    const responses = await Promise.all(
      [1, 2, 3, 4].map((i) => fetch(`${service.url}/map.png?scope=world&level=high&width=${1000 + i}`)),
    );
    const statuses = responses.map((r) => r.status);
    assert.ok(statuses.includes(503), `some are refused: ${statuses}`);
    const refused = responses.find((r) => r.status === 503);
    assert.equal(refused?.headers.get('retry-after'), '1');
    assert.equal(((await refused?.json()) as { error: string }).error, 'overloaded');
    // past the deadline of the refused requests nothing fires late (that would crash this process), and
    // once its page is free (or replaced, after a timeout) the service serves again
    await new Promise((resolve) => setTimeout(resolve, 600));
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await fetch(`${service.url}/map.png?scope=world&width=500`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(status, 200);
  } finally {
    await service.close();
  }
});

test('a render past its deadline is 504 render_timeout, and is not cached', async () => {
  const service = await startService({ poolSize: 1, renderTimeoutMs: 1 });
  try {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${service.url}/map.png?scope=world&level=high`);
      assert.equal(response.status, 504);
      assert.equal(((await response.json()) as { error: string }).error, 'render_timeout');
      assert.equal(response.headers.get('x-cache'), null);
    }
    assert.equal(service.rendered.length, 2, 'the second request was not answered from a cache');
  } finally {
    await service.close();
  }
});

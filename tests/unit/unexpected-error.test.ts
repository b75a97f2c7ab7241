// An unexpected error, in-process with no browser: the client gets render_failed and nothing of the cause; the
// log gets the stack and the request id; and a service whose browser is down is alive but not ready.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { stubDeps } from '../support/stub-deps.ts';
import { createApp } from '../../server/app.ts';
import { listen } from '../../server/listen.ts';
import { createLogger } from '../../server/observability/logger.ts';

type LogLine = Record<string, unknown>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('an unexpected error: the client gets render_failed without a stack; the log gets the stack and request id', async () => {
  // the app with a renderer that fails as a bug would (not a typed error), to see where the stack goes
  const lines: LogLine[] = [];
  const logger = createLogger('info', {
    write: (line: string) => {
      lines.push(JSON.parse(line) as LogLine);
    },
  });
  const app = createApp(
    stubDeps({
      renderer: {
        render: () => Promise.reject(new Error('renderer bug: secret internals')),
        picture: () => Promise.reject(new Error('no pictures here')),
      },
      logger,
      readiness: () => ({ draining: false, waitingFor: [], browser: false, pages: 0, idle: 0, queued: 0 }),
    }),
  );
  const server = await listen(app, 0, '127.0.0.1');
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await fetch(`${base}/map.svg?scope=world`, { headers: { 'X-Request-Id': 'bug-1' } });
    assert.equal(response.status, 500);
    const text = await response.text();
    assert.deepEqual(JSON.parse(text), {
      error: 'render_failed',
      message: 'the map could not be rendered',
      status: 500,
    });
    assert.doesNotMatch(text, /secret|at |\.ts/);
    const error = lines.find((line) => line.level === 50 && line.reqId === 'bug-1');
    const err = error?.err as { message?: string; stack?: string } | undefined;
    assert.equal(err?.message, 'renderer bug: secret internals');
    assert.match(err?.stack ?? '', /unexpected-error\.test\.ts/, 'the stack is logged');
    await sleep(50);
    assert.equal(lines.find((line) => line.msg === 'request' && line.reqId === 'bug-1')?.status, 500);
    // and with the browser down, the process is alive but not ready
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    const ready = await fetch(`${base}/readyz`);
    assert.equal(ready.status, 503);
    assert.deepEqual(await ready.json(), {
      status: 'unready',
      reason: 'browser not connected',
      browser: false,
      pages: 0,
      idle: 0,
      queued: 0,
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

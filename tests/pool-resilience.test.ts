// The pool under trouble, seen from outside with a real Chromium: the browser or a tab killed mid-render,
// pages worn out or failed, and memory that stays flat because pages are recycled. What a page may keep or
// reach is tests/page-isolation.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startService, type TestService } from './support/service.ts';
import { isPng } from './support/png.ts';
import { samples } from './support/metrics.ts';
import { isRunning, processTree, treeRssMiB } from './support/process-tree.ts';
import { loadCatalogue } from '../topology/catalogue.ts';
import { normaliseRequest } from '../server/request/normalise.ts';
import { parseQuery } from '../server/request/get-grammar.ts';
import { FIELD_NAMES } from '../server/request/schema.ts';
import type { MapSpec } from '../renderer-page/spec.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pool's counts of Chromiums, pages and retries (how often its page on demand was handed on varies). */
function counts(service: TestService) {
  const { launches, pagesOpened, retries } = service.pool.stats();
  return { launches, pagesOpened, retries };
}

interface Answer {
  status: number;
  body: Buffer;
  type: string | null;
}
/** Fetches and reads the whole body; a request that hangs fails the test instead of the run. */
async function call(service: TestService, path: string, init: RequestInit = {}, timeoutMs = 30_000): Promise<Answer> {
  const response = await fetch(service.url + path, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type'),
  };
}

/** What the service's metrics say of the pages it replaced as worn, by reason. */
async function replaced(service: TestService): Promise<Array<{ labels: string; value: number }>> {
  return samples(await (await fetch(`${service.url}/metrics`)).text(), 'map_pages_replaced_total');
}

/** Errors that escaped every handler while `body` ran. */
async function escapes(body: () => Promise<void>): Promise<unknown[]> {
  const escaped: unknown[] = [];
  const record = (error: unknown) => {
    escaped.push(error);
  };
  process.on('unhandledRejection', record);
  process.on('uncaughtException', record);
  try {
    await body();
    await sleep(200);
  } finally {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
  }
  return escaped;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** The pid of the only Chromium of a pool of one page. */
async function browserPid(service: TestService): Promise<number> {
  const pids = await service.pool.browserPids();
  assert.equal(pids.length, 1, 'one Chromium');
  assert.ok(isRunning(pids[0]!), 'Chromium runs and tells its pid');
  return pids[0]!;
}

test('Chromium killed mid-render: the render is retried (or fails as clean JSON), Chromium is relaunched, the queue is served', async () => {
  const service = await startService({ poolSize: 1 });
  try {
    const escaped = await escapes(async () => {
      const oldPid = await browserPid(service);
      const oldTree = processTree(oldPid);
      // a slow render (about a second here) and one waiting behind it for the only page
      const slow = call(service, '/map.png?scope=world&level=high&width=4000');
      await until(() => service.rendered.length === 1, 'the slow render to reach the pool');
      const queued = call(service, '/map.png?scope=world&width=640&title=Queued');
      await until(() => service.pool.health().queued === 1, 'the second request to queue');
      await sleep(300);
      process.kill(oldPid, 'SIGKILL');

      const [inFlight, waiting] = await Promise.all([slow, queued]);
      if (inFlight.status === 200) {
        assert.ok(isPng(inFlight.body), 'the retried render is a PNG');
      } else {
        assert.ok(inFlight.status >= 500 && inFlight.status < 600, `a 5xx: ${inFlight.status}`);
        assert.match(inFlight.type ?? '', /json/);
        const error = JSON.parse(inFlight.body.toString()) as { error: string };
        assert.ok(['render_failed', 'overloaded'].includes(error.error), error.error);
      }
      assert.equal(waiting.status, 200, 'the request waiting in line got a relaunched page');
      assert.ok(isPng(waiting.body));
      assert.equal(waiting.body.readUInt32BE(16), 640, 'its own map, 640 px wide');

      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const next = await call(service, `/map.png?scope=world&width=${500 + i}`);
        assert.equal(next.status, 200);
        assert.ok(Date.now() - started < 5000, 'promptly');
      }
      const newPid = await browserPid(service);
      assert.notEqual(newPid, oldPid, 'a new Chromium');
      await until(() => oldTree.every((pid) => !isRunning(pid)), 'the old Chromium processes to be gone');
      const stats = service.pool.stats();
      assert.equal(stats.launches, 2);
      assert.ok(stats.retries <= 1, 'retried at most once');
      if (inFlight.status === 200) assert.equal(stats.retries, 1);
    });
    assert.deepEqual(escaped, [], 'no unhandled rejection or exception');
  } finally {
    await service.close();
  }
});

test("a tab's renderer process killed mid-render: retried on a fresh page, Chromium itself untouched", async () => {
  const service = await startService({ poolSize: 1 });
  try {
    const escaped = await escapes(async () => {
      const pid = await browserPid(service);
      const slow = call(service, '/map.png?scope=world&level=high&width=4000');
      await until(() => service.rendered.length === 1, 'the render to reach the pool');
      await sleep(300);
      const renderers = processTree(pid).filter((child) =>
        /--type=renderer/.test(readFileSync(`/proc/${child}/cmdline`, 'utf8')),
      );
      assert.ok(renderers.length > 0, 'the page has a renderer process');
      for (const renderer of renderers) process.kill(renderer, 'SIGKILL');
      const answer = await slow;
      assert.equal(answer.status, 200, answer.body.toString().slice(0, 200));
      assert.ok(isPng(answer.body));
      assert.equal(await browserPid(service), pid, 'the same Chromium');
      assert.deepEqual(counts(service), { launches: 1, pagesOpened: 2, retries: 1 });
      assert.equal((await call(service, '/map.png?scope=world&width=300')).status, 200);
    });
    assert.deepEqual(escaped, []);
  } finally {
    await service.close();
  }
});

test("a tab's renderer killed with frames in line behind a large one: its renders fail or are retried alone, nothing escapes", async () => {
  const service = await startService({ poolSize: 1 });
  try {
    const escaped = await escapes(async () => {
      const pid = await browserPid(service);
      // a page is handed on to the next render while its frame is drawn: several renders hold frames in line on it
      await call(service, '/map.png?scope=world&level=high&width=4000&height=4000');
      const inLine = [0, 1, 2, 3, 4, 5].map((i) =>
        call(service, `/map.png?scope=world&level=high&width=4000&height=4000&data=US:${i}`),
      );
      await until(() => service.rendered.length >= 4, 'the renders to reach the pool');
      await sleep(100);
      for (const child of processTree(pid))
        if (/--type=renderer/.test(readFileSync(`/proc/${child}/cmdline`, 'utf8'))) process.kill(child, 'SIGKILL');
      for (const answer of await Promise.all(inLine)) {
        assert.ok([200, 500].includes(answer.status), `answered ${answer.status}`);
        if (answer.status === 500) assert.match(answer.body.toString(), /"error":"render_failed"/);
      }
      assert.equal((await call(service, '/map.png?scope=world&width=300')).status, 200, 'the pool serves on');
    });
    // a DevTools call to the crashed tab, failed where nobody heard it, had ended the process
    assert.deepEqual(escaped, []);
  } finally {
    await service.close();
  }
});

test('the Chromiums killed while idle: requests arriving during the relaunch wait for the new pages', async () => {
  const service = await startService({ poolSize: 2 });
  try {
    const escaped = await escapes(async () => {
      const oldPids = await service.pool.browserPids();
      assert.equal(oldPids.length, 2, 'a Chromium for each page');
      for (const pid of oldPids) process.kill(pid, 'SIGKILL');
      const answers = await Promise.all(
        [0, 1, 2, 3].map((i) => call(service, `/map.png?scope=world&width=${700 + i}`)),
      );
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200, 200],
      );
      let newPids: number[] = [];
      await until(async () => (newPids = await service.pool.browserPids()).length === 2, 'both Chromiums back');
      assert.ok(
        newPids.every((pid) => !oldPids.includes(pid)),
        'new Chromiums',
      );
      assert.equal(service.pool.stats().launches, 4);
    });
    assert.deepEqual(escaped, []);
  } finally {
    await service.close();
  }
});

test('a page is replaced after PAGE_MAX_RENDERS renders', async () => {
  const service = await startService({ poolSize: 1, pageMaxRenders: 2 });
  try {
    for (let i = 0; i < 5; i++) {
      assert.equal((await call(service, `/map.png?scope=world&width=${300 + i}`)).status, 200);
    }
    assert.equal(service.rendered.length, 5);
    // the first page, its replacement after render 2, and the next after render 4
    assert.equal(service.pool.stats().pagesOpened, 3);
    assert.deepEqual(await replaced(service), [{ labels: '{reason="renders"}', value: 2 }]);
    assert.equal(service.pool.stats().launches, 1, 'recycling pages does not restart Chromium');
  } finally {
    await service.close();
  }
});

test('a page is replaced once its renderer holds more than PAGE_MAX_MIB, and not while it holds less', async () => {
  // every renderer holds more than a MiB of its own: each page is replaced after its one render
  const small = await startService({ poolSize: 1, pageMaxMib: 1 });
  try {
    for (let i = 0; i < 3; i++) {
      const answer = await call(small, `/map.png?scope=world&width=400&data=US:${i}`);
      assert.equal(answer.status, 200);
      assert.ok(isPng(answer.body));
    }
    assert.equal(small.rendered.length, 3);
    assert.deepEqual(await replaced(small), [{ labels: '{reason="memory"}', value: 3 }]);
    await until(() => small.pool.stats().pagesOpened === 4, 'the third page replaced');
    assert.equal(small.pool.stats().launches, 1, 'replacing pages does not restart Chromium');
  } finally {
    await small.close();
  }

  // at the default, a page drawing the world holds a fraction of it, and draws on
  const service = await startService({ poolSize: 1 });
  try {
    for (let i = 0; i < 12; i++) {
      const answer = await call(service, `/map.png?scope=world&data=US:${i},CN:${2 * i},IN:80`);
      assert.equal(answer.status, 200);
    }
    assert.deepEqual(counts(service), { launches: 1, pagesOpened: 1, retries: 0 });
    assert.deepEqual(await replaced(service), []);
  } finally {
    await service.close();
  }
});

test('pages replaced under a load keep capturing, each in the Chromium of the page before it', async () => {
  // two pages of one Chromium that drew on demand, asked for frames at once, would get frames without pixels
  // (frames-on-demand.ts)
  const service = await startService({ poolSize: 2, pageMaxRenders: 3 });
  try {
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        [0, 1, 2, 3].map((i) => call(service, `/map.png?scope=world&width=${300 + 4 * round + i}`)),
      );
      for (const answer of answers) {
        assert.equal(answer.status, 200, answer.body.toString().slice(0, 200));
        assert.ok(isPng(answer.body));
      }
    }
    assert.ok(service.pool.stats().pagesOpened >= 8, 'pages were replaced along the way');
    assert.equal(service.pool.stats().launches, 2, 'no Chromium was launched again');
  } finally {
    await service.close();
  }
});

test('a page that failed is never reused; a renderer error and a timeout are not retried', async () => {
  const catalogue = loadCatalogue();
  const spec = (query: string): MapSpec => normaliseRequest(parseQuery(query, FIELD_NAMES), catalogue, 'png').spec;
  const service = await startService({ poolSize: 1 });
  try {
    // the renderer trusts its input: a scope it has no topology for makes it throw
    const broken = { ...spec('scope=world'), scope: 'nowhere' } as unknown as MapSpec;
    await assert.rejects(service.pool.render(broken, 'test'), (error: Error) => !(error as { status?: number }).status);
    await until(() => service.pool.health().idle === 1, 'a replacement page');
    assert.deepEqual(counts(service), { launches: 1, pagesOpened: 2, retries: 0 });
    const output = await service.pool.render(spec('scope=world&width=400'), 'test');
    assert.ok(isPng(output.body));
  } finally {
    await service.close();
  }

  const slow = await startService({ poolSize: 1, renderTimeoutMs: 50 });
  try {
    const answer = await call(slow, '/map.png?scope=world&level=high&width=4000');
    assert.equal(answer.status, 504);
    await until(() => slow.pool.health().idle === 1, 'a replacement page');
    assert.deepEqual(counts(slow), { launches: 1, pagesOpened: 2, retries: 0 });
  } finally {
    await slow.close();
  }
});

test('memory stays flat over renders with pages recycled every 100', async () => {
  // a tiny cache, so that this process's memory is not the cache filling up
  const service = await startService({ poolSize: 1, pageMaxRenders: 100, cacheMaxBytes: 1024 });
  try {
    const ids = ['US', 'CN', 'IN', 'BR', 'RU', 'DE', 'FR', 'GB', 'JP', 'AU', 'CA', 'MX', 'AR', 'ZA', 'NG', 'EG'];
    const samples = new Map<number, { chromium: number; processes: number }>();
    for (let i = 1; i <= 300; i++) {
      const data = ids.map((id, k) => `${id}:${(i * 7 + k * 13) % 97}`).join(',');
      const answer = await call(
        service,
        `/map.png?scope=world&width=${200 + (i % 40)}&data=${data}&title=Map+${i}&patterns=FR:stripes&annotations=DE:note+${i}`,
      );
      assert.equal(answer.status, 200);
      // the same point of a page's life: 50 and 99 renders in
      if (i % 100 === 50 || i % 100 === 99) {
        const pid = await browserPid(service);
        samples.set(i, { chromium: treeRssMiB(pid), processes: processTree(pid).length });
      }
    }
    const report = [...samples]
      .map(([i, s]) => `${i}: ${s.chromium.toFixed(0)} MiB in ${s.processes} processes`)
      .join('; ');
    for (const [early, late] of [
      [150, 250],
      [199, 299],
    ]) {
      const growth = samples.get(late)!.chromium - samples.get(early)!.chromium;
      assert.ok(growth < 64, `Chromium grew ${growth.toFixed(1)} MiB from render ${early} to ${late} (${report})`);
      assert.ok(
        samples.get(late)!.processes <= samples.get(early)!.processes + 1,
        `no processes left behind (${report})`,
      );
    }
    assert.equal(service.pool.stats().pagesOpened, 3, 'the page was recycled at 100 and 200');
  } finally {
    await service.close();
  }
});

// SIGTERM on the real process (server/dist/main.mjs, as `npm start` runs it): the render in flight completes, the
// service stops taking connections and says it is not ready, and the process exits 0 leaving no Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { Agent, request } from 'undici';

const root = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every process below `pid`, from ps: Playwright starts Chromium in a process group of its own, so the
 *  tree, not the group, is what tells whether anything was left behind. */
function descendants(pid: number): Array<{ pid: number; command: string }> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([p, pp, ...command]) => ({ pid: Number(p), ppid: Number(pp), command: command.join(' ') }));
  const found: Array<{ pid: number; command: string }> = [];
  const walk = (parent: number) => {
    for (const row of rows.filter((r) => r.ppid === parent)) {
      found.push({ pid: row.pid, command: row.command });
      walk(row.pid);
    }
  };
  walk(pid);
  return found;
}

/** Running, that is: not gone and not a zombie waiting for whoever inherited it. */
function running(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    const state = readFileSync(stat, 'utf8').replace(/^.*\) /s, '')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

test(
  'SIGTERM: the request in flight completes, /readyz turns 503, new connections are refused, exit 0, no Chromium left',
  { timeout: 120_000 },
  async () => {
    const child = spawn(process.execPath, ['server/dist/main.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        POOL_SIZE: '2',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() }));
    });
    const lines: Array<Record<string, unknown>> = [];
    const waiters: Array<() => void> = [];
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        return;
      }
      waiters.splice(0).forEach((wake) => wake());
    });
    async function logged(
      test: (line: Record<string, unknown>) => boolean,
      what: string,
    ): Promise<Record<string, unknown>> {
      for (;;) {
        const line = lines.find(test);
        if (line) return line;
        if (child.exitCode !== null) assert.fail(`the service exited before logging ${what}`);
        await Promise.race([new Promise<void>((wake) => waiters.push(wake)), sleep(200)]);
      }
    }

    try {
      const url = (await logged((line) => typeof line.url === 'string', 'its URL')).url as string;
      const { port } = new URL(url);
      // it listens before its renderers are ready: a balancer waits for /readyz, and the log says when
      await logged((line) => typeof line.msg === 'string' && line.msg.startsWith('ready'), 'that it is ready');
      assert.equal((await fetch(`${url}/readyz`)).status, 200);

      // a slow render on a connection of its own, in flight once a page is busy with it
      const inFlight = fetch(`${url}/map.png?scope=world&level=high&width=4000`, {
        headers: { 'X-Request-Id': 'in-flight' },
      });
      for (let busy = false; !busy;) {
        const { idle, pages } = (await (await fetch(`${url}/readyz`)).json()) as { idle: number; pages: number };
        busy = idle < pages;
        if (!busy) await sleep(20);
      }
      const chromium = descendants(child.pid!);
      assert.ok(
        chromium.some((p) => /chrom/.test(p.command)),
        `Chromium runs under the service: ${chromium.map((p) => p.command)}`,
      );

      // a request begun before SIGTERM (headers not finished) keeps its connection through the drain
      const probe = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => probe.once('connect', resolve));
      probe.write('GET /readyz HTTP/1.1\r\nHost: test\r\n');
      let probeAnswer = '';
      probe.setEncoding('utf8');
      probe.on('data', (chunk: string) => {
        probeAnswer += chunk;
      });
      const probeClosed = new Promise((resolve) => probe.once('close', resolve));

      const signalled = Date.now();
      child.kill('SIGTERM');
      await logged((line) => line.signal === 'SIGTERM', 'the shutdown');
      await sleep(100);

      // new connections are refused at once
      const refused = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve, reject) => {
        refused.once('connect', () => reject(new Error('a new connection was accepted after SIGTERM')));
        refused.once('error', (error: NodeJS.ErrnoException) => {
          assert.equal(error.code, 'ECONNREFUSED');
          resolve();
        });
      });
      // and readiness is 503 on the connection that was already there, which is then closed
      probe.write('\r\n');
      await probeClosed;
      assert.match(probeAnswer, /^HTTP\/1\.1 503 /);
      assert.match(probeAnswer, /\r\nConnection: close\r\n/i);
      const readiness = JSON.parse(probeAnswer.slice(probeAnswer.indexOf('\r\n\r\n') + 4)) as {
        status: string;
        reason: string;
      };
      assert.deepEqual([readiness.status, readiness.reason], ['unready', 'shutting down']);

      // the render in flight completes with the whole image
      const response = await inFlight;
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('x-request-id'), 'in-flight');
      const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
      assert.equal(png.width, 4000);

      const { code, signal, at } = await exited;
      assert.deepEqual({ code, signal }, { code: 0, signal: null });
      assert.ok(at - signalled < 20_000, `exited ${at - signalled} ms after SIGTERM`);
      const line = lines.find((l) => l.reqId === 'in-flight' && l.msg === 'request');
      assert.equal(line?.status, 200, 'the request in flight is logged as served');
      assert.ok(lines.some((l) => l.msg === 'stopped'));

      await sleep(200);
      const left = chromium.filter((p) => running(p.pid));
      assert.deepEqual(left, [], 'no Chromium process outlives the service');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  },
);

test(
  'SIGTERM under load: every request sent on a connection the service had is answered, none reset; new ones are refused',
  { timeout: 120_000 },
  async () => {
    const child = spawn(process.execPath, ['server/dist/main.mjs'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', POOL_SIZE: '1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let log = '';
      child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
      while (!log.includes('"msg":"ready')) {
        if (child.exitCode !== null) assert.fail('the service exited before it was ready');
        await sleep(100);
      }
      const url = /"url":"([^"]+)"/.exec(log)![1]!;
      // eight clients on keep-alive connections, each asking a new SVG as soon as the last is answered
      const agent = new Agent({ connections: 8, keepAliveTimeout: 60_000 });
      const outcomes: Record<string, number> = {};
      let stopping = false;
      let sent = 0;
      const clients = Array.from({ length: 8 }, async (_, client) => {
        while (!stopping) {
          const path = `/map.svg?scope=world&width=400&data=US:${++sent},DE:${client}`;
          try {
            const response = await request(url + path, { dispatcher: agent });
            await response.body.arrayBuffer();
            outcomes[response.statusCode] = (outcomes[response.statusCode] ?? 0) + 1;
          } catch (error) {
            const code = (error as { code?: string }).code ?? 'error';
            outcomes[code] = (outcomes[code] ?? 0) + 1;
            // a new connection refused: this client is done
            if (code === 'ECONNREFUSED') return;
          }
        }
      });
      await sleep(1500);
      child.kill('SIGTERM');
      await sleep(2000);
      stopping = true;
      await Promise.all(clients);
      await agent.close();
      const { 200: answered = 0, ECONNREFUSED: refused = 0, ...others } = outcomes;
      assert.ok(answered > 50, `${answered} maps answered`);
      assert.deepEqual(others, {}, 'no request reset or failed');
      assert.ok(refused <= 8, `${refused} new connections refused`);
      assert.equal(await exited, 0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  },
);

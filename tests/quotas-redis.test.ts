// The quotas' counters in a real Redis (access/quotas.ts), without HTTP: a hung Redis (connected but silent) costs
// one render the timeout, then the replica counts alone for a pause, warned of once, and counts in Redis again when
// it answers. Two replicas over HTTP: quotas-http.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closedAfterTests } from './support/service.ts';
import { connectAccessRedis } from '../server/access/access-redis.ts';
import { Quotas } from '../server/access/quotas.ts';

const { redis, closeLater } = closedAfterTests();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a hung Redis: one render waits the timeout, the next count alone at once; Redis counts again once it answers', async () => {
  const server = await redis();
  const lines: string[] = [];
  const log = {
    warn: (line: string) => void lines.push(`warn ${line}`),
    info: (line: string) => void lines.push(`info ${line}`),
  };
  const client = await connectAccessRedis(server.url, log);
  closeLater(async () => client.destroy());
  const quotas = new Quotas({ key: { minute: 100, day: 1000 }, anonymous: { minute: 0, day: 0 } }, client, log);

  await quotas.spend('key:a');
  assert.equal(await client.get('quota:key:minute:key:a'), '1', 'counted in Redis');

  process.kill(server.pid()!, 'SIGSTOP');
  try {
    let started = Date.now();
    const during = await quotas.spend('key:a');
    assert.ok(Date.now() - started < 500, `the first render waited ${Date.now() - started} ms`);
    assert.equal(during[0]!.remaining, 99, 'counted alone, from nothing');
    started = Date.now();
    for (let i = 0; i < 20; i++) await quotas.spend('key:a');
    assert.ok(Date.now() - started < 200, `20 renders took ${Date.now() - started} ms`);
    assert.equal(lines.filter((line) => /counts quotas alone/.test(line)).length, 1, 'warned of once');
  } finally {
    process.kill(server.pid()!, 'SIGCONT');
  }
  await sleep(1100);
  const after = await quotas.spend('key:a');
  // Redis's count again: the renders counted alone are not in it, but the one whose INCR timed out reached Redis
  // once it woke (a timeout cannot take a command back)
  assert.equal(after[0]!.remaining, 97);
  assert.equal(await client.get('quota:key:minute:key:a'), '3');
  assert.match(lines.at(-1)!, /^info quotas: Redis answers again/);
});

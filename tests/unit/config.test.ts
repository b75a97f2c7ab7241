// The configuration: read from the environment as the README's table says, which is made from the same table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configurationTable, readConfig } from '../../server/config.ts';

test("the README's configuration table is the one server/config.ts makes (npm run docs writes it)", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = /<!-- config -->\n([\s\S]*?)\n<!-- \/config -->/.exec(readme);
  assert.equal(section?.[1], configurationTable());
});

test('defaults, values and refusals that name the variable', () => {
  const defaults = readConfig({});
  assert.deepEqual(
    [
      defaults.port,
      defaults.host,
      defaults.queueMax,
      defaults.svgThreads,
      defaults.redisUrl,
      defaults.logLevel,
      defaults.scopesDir,
    ],
    [8080, '0.0.0.0', 64, availableParallelism(), undefined, 'info', undefined],
  );
  assert.equal(readConfig({ NODE_ENV: 'test' }).logLevel, 'silent');
  assert.equal(readConfig({ QUEUE_MAX: '0', LOG_LEVEL: 'WARN', SCOPES_DIR: '/srv/scopes' }).queueMax, 0);
  assert.equal(readConfig({ LOG_LEVEL: 'WARN' }).logLevel, 'warn');
  assert.throws(() => readConfig({ QUEUE_MAX: '-1' }), /QUEUE_MAX must be an integer ≥ 0, got "-1"/);
  assert.throws(() => readConfig({ REDIS_URL: 'localhost:6379' }), /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
  assert.throws(() => readConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL must be one of/);
  assert.equal(defaults.svgRenderer, 'threads');
  assert.equal(readConfig({ SVG_RENDERER: 'chromium' }).svgRenderer, 'chromium');
  assert.throws(
    () => readConfig({ SVG_RENDERER: 'Chromium' }),
    /SVG_RENDERER must be one of threads, chromium, got "Chromium"/,
  );
});

test('CORS_ORIGINS: * by default, else origins as a browser sends them, anything else refused naming it', () => {
  assert.equal(readConfig({}).corsOrigins, '*');
  assert.equal(readConfig({ CORS_ORIGINS: ' * ' }).corsOrigins, '*');
  assert.deepEqual(readConfig({ CORS_ORIGINS: 'https://dash.example, http://localhost:3000' }).corsOrigins, [
    'https://dash.example',
    'http://localhost:3000',
  ]);
  for (const bad of ['https://dash.example/', 'dash.example', 'https://dash.example/app', 'ftp://files.example']) {
    assert.throws(
      () => readConfig({ CORS_ORIGINS: `https://ok.example,${bad}` }),
      new RegExp(`CORS_ORIGINS must be \\* or origins .*got "${bad.replace(/[./]/g, '\\$&')}"`),
    );
  }
});

test('MCP_API_KEY is retired: set, it stops the start, saying why and what to use instead', () => {
  assert.throws(
    () => readConfig({ MCP_API_KEY: 'mr_live_x.y' }),
    /MCP_API_KEY is retired.*Bearer key each caller sends/s,
  );
  assert.doesNotThrow(() => readConfig({ MCP_API_KEY: '' }));
});

test('the anonymous quotas are off for an open service, on once it is in public (watermark, keys)', () => {
  const quotas = (env: Record<string, string>) => {
    const config = readConfig({ KEY_SECRETS: 'a-secret-of-at-least-thirty-two-characters', ...env });
    return [config.anonQuotaPerMinute, config.anonQuotaPerDay];
  };
  assert.deepEqual(quotas({}), [0, 0]);
  assert.deepEqual(quotas({ ACCESS: 'keys' }), [60, 2000]);
  assert.deepEqual(quotas({ ACCESS: 'watermark' }), [60, 2000]);
  assert.deepEqual(quotas({ ACCESS: 'keys', ANON_QUOTA_PER_MINUTE: '0', ANON_QUOTA_PER_DAY: '500' }), [0, 500]);
});

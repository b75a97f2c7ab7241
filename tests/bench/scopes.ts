// The benchmark's measures of the catalogue: cache misses for large scopes (US states, the 3,220 US counties,
// DE), the first render of scopes never asked before (topology read from disk, decoded, projected), and the
// memory of the process tree at idle and after every scope was drawn once, which the bounded caches of the
// threads and pages (renderer-page/geometry/scope-geometry.ts, frame.ts) must keep flat.
import { get, median, mib, ms, p95, row, sleep } from './measure.ts';
import { treePssMiB, treeRssMiB } from '../support/process-tree.ts';

/** Countries of every size and shape, none asked for before the measure: their first SVG is cold. */
const FIRST_SVG = [
  'DE',
  'FR',
  'US',
  'RU',
  'CN',
  'IN',
  'BR',
  'CA',
  'AU',
  'NG',
  'ID',
  'MX',
  'JP',
  'GB',
  'IT',
  'ES',
  'PL',
  'ZA',
  'AR',
  'SE',
];
/** Other ones for the first PNG, so that no SVG thread has met them either. */
const FIRST_PNG = ['TR', 'UA', 'NO', 'EG', 'PT', 'NZ'];
/** The requirement: the first render of a scope never asked before, at `medium`. */
const FIRST_RENDER_TARGET_MS = 300;

interface ScopeSummary {
  id: string;
  regions: Array<{ id: string }>;
  divisions: Array<{ id: string; regions: Array<{ id: string }> }>;
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

const scopeOf = (url: string, id: string) => json<ScopeSummary>(`${url}/scopes/${id}`);

let counter = 0;
/** A query drawing `ids` with values that differ on every call, so the cache never answers. */
function uniqueQuery(scope: string, ids: string[]): string {
  counter++;
  return `scope=${scope}&data=${ids.map((id, i) => `${id}:${i === 0 ? 1000 + counter : 10 * (i + 1)}`).join(',')}`;
}

/** Cache-miss cases for run.ts's latency table: the US by state, by county, and DE. */
export async function scopeCases(url: string): Promise<Array<[string, () => string]>> {
  const us = await scopeOf(url, 'US');
  const counties = us.divisions.find((d) => d.id === 'counties')!.regions.map((r) => r.id);
  // 50 counties spread over the country (every 64th FIPS), the same in every run
  const sampled = counties.filter((_, i) => i % Math.floor(counties.length / 50) === 0).slice(0, 50);
  const states = us.regions.map((r) => r.id);
  const de = (await scopeOf(url, 'DE')).regions.map((r) => r.id);
  return [
    ['US states SVG', () => `/map.svg?${uniqueQuery('US', states)}`],
    ['US counties (50 FIPS of 3,220) SVG', () => `/map.svg?${uniqueQuery('US', sampled)}`],
    ['DE SVG', () => `/map.svg?${uniqueQuery('DE', de)}`],
  ];
}

interface FirstRender {
  scope: string;
  ms: number;
  bytes: number;
}

/** The first request of each scope, one after another, at `medium`, with data for five of its regions. */
async function firstRenders(url: string, scopes: string[], format: 'svg' | 'png'): Promise<FirstRender[]> {
  const renders: FirstRender[] = [];
  for (const scope of scopes) {
    const ids = (await scopeOf(url, scope)).regions.slice(0, 5).map((r) => r.id);
    const { ms: took, bytes } = await get(`${url}/map.${format}?level=medium&${uniqueQuery(scope, ids)}`);
    renders.push({ scope, ms: took, bytes });
  }
  return renders;
}

function firstRow(what: string, renders: FirstRender[]): void {
  const times = renders.map((r) => r.ms);
  const worst = renders.reduce((a, b) => (b.ms > a.ms ? b : a));
  const over = renders.filter((r) => r.ms > FIRST_RENDER_TARGET_MS);
  row(
    `${what}: median (p95), worst`,
    `${ms(median(times))} (${ms(p95(times))}), worst ${ms(worst.ms)} (${worst.scope}); ${over.length} of ${renders.length} over ${FIRST_RENDER_TARGET_MS} ms`,
    `≤ ${FIRST_RENDER_TARGET_MS} ms each`,
    over.length === 0,
  );
}

const slowest = (renders: FirstRender[], n: number) =>
  [...renders]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((r) => `${r.scope} ${r.ms.toFixed(0)}`)
    .join(', ');

/** RSS and PSS of the service and its Chromium after `settle` ms without requests. */
async function memory(pid: number, settle: number): Promise<{ rss: number; pss: number }> {
  await sleep(settle);
  return { rss: treeRssMiB(pid), pss: treePssMiB(pid) };
}

/**
 * Must run first, on a service that has drawn only its warm-up (the world at `low`): the idle memory, the first
 * SVGs and PNGs of scopes never asked before, then the first SVG of every other scope of `GET /scopes` and the
 * memory after them. The topology files are in the OS's page cache (the build has just written them), so a
 * first render here is the decode and projection, not the disk.
 */
export async function coldScopes(url: string, pid: number): Promise<void> {
  const idle = await memory(pid, 5000);
  // the HTTP path, the threads' and pages' code warmed on a scope they have anyway, so that what follows
  // measures the new scope rather than the first request of a process
  for (let i = 0; i < 20; i++) await get(`${url}/map.svg?${uniqueQuery('world', ['US', 'CN', 'IN'])}`);
  for (let i = 0; i < 6; i++) await get(`${url}/map.png?${uniqueQuery('world', ['US', 'CN', 'IN'])}`);

  const svgs = await firstRenders(url, FIRST_SVG, 'svg');
  firstRow(`first SVG of a scope never asked before, medium, ${svgs.length} countries`, svgs);
  row('slowest of those first SVGs (ms)', slowest(svgs, 6));
  const pngs = await firstRenders(url, FIRST_PNG, 'png');
  firstRow(`first PNG of a scope never asked before, medium, ${pngs.length} countries (${FIRST_PNG.join(', ')})`, pngs);

  const { scopes } = await json<{ scopes: Array<{ id: string }> }>(`${url}/scopes`);
  const asked = new Set([...FIRST_SVG, ...FIRST_PNG]);
  const rest = scopes.map((s) => s.id).filter((id) => !asked.has(id));
  let peak = idle.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, treeRssMiB(pid));
  }, 500);
  const middle = Math.floor(rest.length / 2);
  const half = await firstRenders(url, rest.slice(0, middle), 'svg');
  const halfway = treeRssMiB(pid);
  const all = [...svgs, ...half, ...(await firstRenders(url, rest.slice(middle), 'svg'))];
  clearInterval(sampler);
  firstRow(`first SVG of every scope of GET /scopes but the ${pngs.length} drawn as PNG (${all.length}), medium`, all);
  row('slowest first SVGs of all scopes (ms)', slowest(all, 8));

  const after = await memory(pid, 5000);
  // what the output cache (in memory, bounded by CACHE_MAX_BYTES) now holds of these maps, to tell it apart
  // from the renderers' geometry
  const cached = [...all, ...pngs].reduce((sum, r) => sum + r.bytes, 0) / 2 ** 20;
  row(
    `memory of service + Chromium: idle after start → after the first SVG of all ${all.length} scopes (RSS; PSS)`,
    `${mib(idle.rss)} → ${mib(after.rss)} (${halfway.toFixed(0)} half-way, peak ${peak.toFixed(0)}); PSS ${mib(idle.pss)} → ${mib(after.pss)}; ${cached.toFixed(0)} MiB of it is these maps in the output cache`,
  );
}

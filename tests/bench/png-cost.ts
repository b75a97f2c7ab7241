// The benchmark's measure of what a PNG costs against a rasteriser alone: world low PNG misses over HTTP and
// resvg-js (resvg-peer.ts) rasterising the SVG the service answers for the same map, in turn (which goes
// first alternating, as the machine is shared); then PNG misses per second at 1 and 8 clients against resvg-js
// on two worker threads, the machine's two cores, in rounds that alternate which goes first.
import { get, load, median, ms, p95, ratesInTurn, row, sideBySide } from './measure.ts';
import { resvgPerSecond, resvgPng } from './resvg-peer.ts';

const SECONDS = 5;
/** rounds of 8 clients and of resvg-js in turn */
const THROUGHPUT_ROUNDS = 3;
const ROUND_SECONDS = 3;

let counter = 0;
/** A world map whose data differs every time: a cache miss. */
const unique = () => `scope=world&data=US:${300_000 + ++counter},CN:150,IN:80,BR:60,RU:120,DE:95,FR:40,GB:55,JP:90`;

export async function pngCost(url: string): Promise<void> {
  // our SVG of the map is fetched before either way is timed
  const { service, resvg } = await sideBySide(async () => {
    const query = unique();
    const svg = await (await fetch(`${url}/map.svg?${query}`)).text();
    return {
      service: () => get(`${url}/map.png?${query}`),
      resvg: async () => {
        const started = performance.now();
        const png = resvgPng(svg);
        return { ms: performance.now() - started, bytes: png.length };
      },
    };
  });
  const [ours, peer] = [service.times, resvg.times];
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  row(
    'world low PNG miss over HTTP, and resvg-js rasterising our SVG of the same map in-process, 1200 px: median (p95)',
    `${ms(median(ours))} (${ms(p95(ours))}), ${kib(service.bytes)}; ${ms(median(peer))} (${ms(p95(peer))}), ${kib(resvg.bytes)}`,
  );
  const ratio = median(ours) / median(peer);
  row('world low PNG miss over HTTP ÷ resvg-js', ratio.toFixed(2), '≤ 1.0', ratio <= 1);

  const png = () => `/map.png?${unique()}`;
  const one = (await load(url, 1, SECONDS, png)).perSecond;
  const svg = await (await fetch(`${url}/map.svg?${unique()}`)).text();
  const { eight, rasterised } = await ratesInTurn(THROUGHPUT_ROUNDS, {
    eight: async () => (await load(url, 8, ROUND_SECONDS, png)).perSecond,
    rasterised: () => resvgPerSecond(svg, 2, ROUND_SECONDS),
  });
  row(
    `world low PNG misses per second at 1 and 8 clients; resvg-js on 2 threads (8 clients and resvg-js: medians of ${THROUGHPUT_ROUNDS} rounds of ${ROUND_SECONDS} s in turn)`,
    `${one.toFixed(1)}, ${eight.toFixed(1)} req/s; ${rasterised.toFixed(1)} PNG/s`,
  );
  const share = eight / rasterised;
  row('world low PNG misses at 8 clients ÷ resvg-js on 2 threads', share.toFixed(2), '≥ 0.8', share >= 0.8);
}

// The peer for PNGs: resvg-js (Rust's resvg; MPL-2.0, a dev dependency of the benchmark only) rasterising the
// SVG the service answers for a map, in-process, with the pool pages' font: Noto Sans from @fontsource.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { inflateSync } from 'node:zlib';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/** The TrueType font a WOFF 1.0 file wraps (resvg reads neither WOFF nor WOFF2): each table inflated when it
 *  is stored compressed, and a table directory with the tables' new offsets. */
function sfntOfWoff(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const selector = Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(woff.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(16 << selector, 6);
  head.writeUInt16BE(selector, 8);
  head.writeUInt16BE(16 * count - (16 << selector), 10);
  const tables: Buffer[] = [];
  let offset = head.length;
  for (let i = 0; i < count; i++) {
    const [tag, at, stored, length, checksum] = [0, 4, 8, 12, 16].map((k) => woff.readUInt32BE(44 + 20 * i + k));
    const body = woff.subarray(at, at + stored);
    const table = stored < length ? inflateSync(body) : body;
    [tag, checksum, offset, length].forEach((value, k) => head.writeUInt32BE(value, 12 + 16 * i + 4 * k));
    // each table starts on a 4-byte boundary
    const padded = Buffer.alloc(Math.ceil(length / 4) * 4);
    table.copy(padded);
    tables.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([head, ...tables]);
}

/** @fontsource's Noto Sans 400 and 700 subsets, the ones the pool pages load, as TrueType files, the Latin
 *  ones first: resvg takes the first face of the weight asked for and, when that face lacks a letter, falls
 *  back to a face of any weight that has it, so a bold Cyrillic subset first would draw Latin bold text light. */
function notoSansFiles(): string[] {
  const from = join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');
  const to = join(tmpdir(), 'bench-noto-sans-ttf');
  mkdirSync(to, { recursive: true });
  const latinLast = (name: string) => Number(!/-latin-\d/.test(name));
  return readdirSync(from)
    .filter((name) => /-(400|700)-normal\.woff$/.test(name))
    .sort((a, b) => latinLast(a) - latinLast(b))
    .map((name) => {
      const file = join(to, name.replace(/woff$/, 'ttf'));
      writeFileSync(file, sfntOfWoff(readFileSync(join(from, name))));
      return file;
    });
}

let options: ResvgRenderOptions | undefined;
function resvgOptions(): ResvgRenderOptions {
  options ??= {
    fitTo: { mode: 'width', value: 1200 },
    font: { loadSystemFonts: false, fontFiles: notoSansFiles(), defaultFontFamily: 'Noto Sans' },
  };
  return options;
}

/** `svg` as a 1200 px PNG, the whole way as a service built on resvg-js would do it per request. */
export function resvgPng(svg: string): Buffer {
  return new Resvg(svg, resvgOptions()).render().asPng();
}

// A worker rasterises back to back until its time is up; the first PNG, before the clock starts, loads the code.
const WORKER = `
const { parentPort, workerData: { module, svg, options, ms } } = require('node:worker_threads');
const { Resvg } = require(module);
const png = () => new Resvg(svg, options).render().asPng();
png();
let done = 0;
const started = performance.now();
while (performance.now() - started < ms) { png(); done++; }
parentPort.postMessage(done / ((performance.now() - started) / 1000));
`;

/** PNGs per second that `threads` worker threads make of `svg` together, rasterising for `seconds`. */
export async function resvgPerSecond(svg: string, threads: number, seconds: number): Promise<number> {
  const workerData = { module: require.resolve('@resvg/resvg-js'), svg, options: resvgOptions(), ms: seconds * 1000 };
  const rates = await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<number>((resolve, reject) => {
          const worker = new Worker(WORKER, { eval: true, workerData });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return rates.reduce((sum, rate) => sum + rate, 0);
}

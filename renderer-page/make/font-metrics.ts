// Writes dist/font-metrics.json: the advance widths of Noto Sans 400 and 700 as the pool pages load it
// (@fontsource's woff2 subsets), so fonts.ts measures text alike in Node and in Chromium without a canvas.
// Per weight: { unitsPerEm, runs }, each run `[firstCodePoint, advance, advance, ...]` for consecutive
// code points, which keeps the table (inlined in every bundle) small.
import { openSync, type Font } from 'fontkit';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface WeightMetrics {
  unitsPerEm: number;
  runs: number[][];
}

function weightMetrics(dir: string, weight: string): WeightMetrics {
  // The browser picks a subset file by its unicode-range and each subset's cmap covers that range; the
  // few code points several subsets share have the same advance in each, so the union is the font.
  const advances = new Map<number, number>();
  let unitsPerEm = 0;
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith(`-${weight}-normal.woff2`))
    .sort()) {
    const font = openSync(join(dir, name)) as Font;
    unitsPerEm = font.unitsPerEm;
    for (const codePoint of font.characterSet) advances.set(codePoint, font.glyphForCodePoint(codePoint).advanceWidth);
  }
  if (!advances.size) throw new Error(`no Noto Sans ${weight} woff2 files in ${dir}: npm install`);
  const runs: number[][] = [];
  let previous = -2;
  for (const codePoint of [...advances.keys()].sort((a, b) => a - b)) {
    if (codePoint !== previous + 1) runs.push([codePoint]);
    runs[runs.length - 1].push(advances.get(codePoint)!);
    previous = codePoint;
  }
  return { unitsPerEm, runs };
}

/** Writes the table to `outFile` and answers its size in bytes. */
export function writeFontMetrics(outFile: string): number {
  const fonts = dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json'));
  const table = Object.fromEntries(['400', '700'].map((w) => [w, weightMetrics(join(fonts, 'files'), w)]));
  const json = JSON.stringify(table);
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, json);
  return Buffer.byteLength(json);
}

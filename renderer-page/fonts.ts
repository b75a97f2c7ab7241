// Pool pages load Noto Sans (from @fontsource) before the first render, so PNGs draw text in the font it is
// measured in; a standalone SVG falls back to the viewer's sans-serif.
import metrics from './dist/font-metrics.json' with { type: 'json' };

export const FONT_FAMILY = "'Noto Sans', 'DejaVu Sans', Arial, sans-serif";

// Text is measured from Noto Sans's advance widths (built from the same font files the pages load, see
// make/font-metrics.ts) rather than a canvas, so Node, which has none, lays a map out as Chromium does.
interface Face {
  unitsPerEm: number;
  advances: Map<number, number>;
  /** for code points Noto Sans lacks, drawn by whatever fallback font the machine has: the advance of "M",
   *  to err wide (the legend's "≤", which DejaVu Sans draws 0.84 em wide, is one of them) */
  fallback: number;
}

function face({ unitsPerEm, runs }: { unitsPerEm: number; runs: number[][] }): Face {
  const advances = new Map<number, number>();
  for (const [first, ...widths] of runs) widths.forEach((width, i) => advances.set(first + i, width));
  return { unitsPerEm, advances, fallback: advances.get(0x4d)! };
}

const REGULAR = face(metrics['400']);
const BOLD = face(metrics['700']);

// East Asian wide and fullwidth characters (Hangul Jamo, CJK radicals to compatibility, ideographs, Yi,
// Hangul syllables, compatibility ideographs, vertical and fullwidth forms, the supplementary ideographic
// planes) are drawn by a fallback font one em wide.
const WIDE = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x4dbf],
  [0x4e00, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x20000, 0x3fffd],
];
const isWide = (codePoint: number) => WIDE.some(([lo, hi]) => codePoint >= lo && codePoint <= hi);

/** Advance width of `text` in px in Noto Sans. Kerning is not applied, so the estimate is slightly wide,
 *  which only adds a little padding around the text. */
export function textWidth(text: string, fontSize: number, weight = 400): number {
  // CSS font matching picks 700 for weights above 500 when only 400 and 700 exist
  const { unitsPerEm, advances, fallback } = weight > 500 ? BOLD : REGULAR;
  let units = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    units += advances.get(codePoint) ?? (isWide(codePoint) ? unitsPerEm : fallback);
  }
  return Math.ceil((units * fontSize) / unitsPerEm);
}

/** `text`'s words in lines no wider than `room` px at `size`; a word wider than the room alone on its line. */
export function wrap(text: string, size: number, room: number, weight = 400): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length ? `${lines[lines.length - 1]} ${word}` : null;
    if (last !== null && textWidth(last, size, weight) <= room) lines[lines.length - 1] = last;
    else lines.push(word);
  }
  return lines;
}

import type { MapSpec } from './spec.ts';
import type { Extent } from './geometry/projection.ts';
import { textWidth, wrap } from './fonts.ts';

export interface TextLine {
  text: string;
  size: number;
  /** baseline */
  y: number;
}

/** A band the map leaves for the legend, above or below it (`legendPosition`). */
export interface LegendBand {
  side: 'top' | 'bottom';
  height: number;
}

export interface Layout {
  width: number;
  height: number;
  margin: number;
  /** where the map itself goes: below the titles, above the credit line */
  mapExtent: Extent;
  /** the title's lines (at most three), none when there is no title */
  title: TextLine[];
  subtitle: TextLine[];
  attribution: TextLine | null;
  /** the data's source, at the left of the credit's line, shortened to the room the credit leaves */
  source: TextLine | null;
  legendFontSize: number;
  /** where the legend goes when it has a band of its own: its top-left corner */
  legendBand: [number, number] | null;
}

/** Largest size up to `preferred` at which `text` fits in `room` px. */
function fitSize(text: string, preferred: number, room: number, weight: number): number {
  const wide = textWidth(text, preferred, weight);
  return wide <= room ? preferred : Math.max(6, Math.floor((preferred * room) / wide));
}

/** `text` whole when it fits in `room` px, else its longest start that fits with an ellipsis. */
function shorten(text: string, size: number, room: number): string {
  if (textWidth(text, size) <= room) return text;
  const chars = [...text];
  const cut = () => `${chars.join('').trimEnd()}…`;
  while (chars.length && textWidth(cut(), size) > room) chars.pop();
  return cut();
}

const MAX_LINES = 3;

/** A title's lines: wrapped at its size into at most three, as a desk sets a long headline; only when three lines
 *  cannot hold it does the size come down, to the largest at which three do (and a single word too wide for the
 *  map shrinks to fit). */
function titleLines(text: string, preferred: number, room: number, weight: number): { lines: string[]; size: number } {
  let size = preferred;
  let lines = wrap(text, size, room, weight);
  while (lines.length > MAX_LINES && size > 6) {
    size = Math.max(6, Math.floor(size * 0.92));
    lines = wrap(text, size, room, weight);
  }
  const widest = Math.max(...lines.map((line) => textWidth(line, size, weight)));
  if (widest > room) size = Math.max(6, Math.floor((size * room) / widest));
  return { lines, size };
}

/** Text scales with the map, so thumbnails and posters both read well: in proportion to the width, or to a
 *  height given far smaller than the width (a banner), above a floor that keeps a thumbnail legible. Titles sit in
 *  their own band above the map so they never cover it; a legend with no free corner gets a band of its own. */
export function computeLayout(
  spec: MapSpec,
  mapHeightFor: (width: number) => number,
  band: LegendBand | null = null,
): Layout {
  const { width } = spec;
  const margin = spec.padding;
  const room = Math.max(1, width - 2 * margin);
  const basis = spec.height ? Math.min(width, spec.height * 1.5) : width;

  let cursor = margin;
  const lines = (text: string | null, preferred: number, weight: number, gap: number): TextLine[] => {
    if (!text) return [];
    const set = titleLines(text, preferred, room, weight);
    const placed = set.lines.map((line, i) => {
      const y = cursor + Math.round(set.size * (i === 0 ? 0.95 : 1.2));
      cursor = y;
      return { text: line, size: set.size, y };
    });
    cursor += Math.round(set.size * 0.3) + gap;
    return placed;
  };
  // each text in proportion to the map, but no smaller than it reads on a screen at its size: a map 640 px wide
  // had its legend at 9 px, its credit at 7
  const titleSize = Math.round(Math.max(14, basis * 0.022));
  const title = lines(spec.title, titleSize, 700, 4);
  const subtitle = lines(spec.subtitle, Math.round(titleSize * 0.62), 400, 0);
  const titled = title.length || subtitle.length;
  const top = titled ? cursor + Math.round(margin / 2) : margin;

  // one footer line: the source at the left, the credit at the right. The credit keeps at least half the line,
  // shrinking to it as it would to the whole line alone; the source takes what is left, at the same size.
  const creditSize = Math.round(Math.max(8, basis * 0.0085));
  const gap = creditSize * 2;
  const sourceWidth = spec.source ? textWidth(spec.source, creditSize) + gap : 0;
  const creditRoom = Math.max(room / 2, room - sourceWidth);
  const credit = spec.attribution ? fitSize(spec.attribution, creditSize, creditRoom, 400) : 0;
  const footer = credit || (spec.source ? creditSize : 0);
  const bottom = footer ? footer + Math.round(margin * 0.75) : margin;

  const legendFontSize = Math.round(Math.max(10, basis * 0.0105));
  const bandRoom = band ? band.height + Math.round(legendFontSize / 2) : 0;
  const height = spec.height ?? top + mapHeightFor(room) + bandRoom + bottom;
  const mapTop = band?.side === 'top' ? top + bandRoom : top;
  const mapBottom = Math.max(mapTop + 1, height - bottom - (band?.side === 'bottom' ? bandRoom : 0));
  const footerY = height - Math.round(margin / 2.5);
  return {
    width,
    height,
    margin,
    mapExtent: [
      [margin, mapTop],
      [width - margin, mapBottom],
    ],
    title,
    subtitle,
    attribution: spec.attribution ? { text: spec.attribution, size: credit, y: footerY } : null,
    source: spec.source
      ? {
          text: shorten(spec.source, footer, room - (spec.attribution ? textWidth(spec.attribution, credit) + gap : 0)),
          size: footer,
          y: footerY,
        }
      : null,
    legendFontSize,
    legendBand: band ? [margin, band.side === 'top' ? top : mapBottom + Math.round(legendFontSize / 2)] : null,
  };
}

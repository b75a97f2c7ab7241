import type { MapSpec } from './spec.ts';
import type { Extent } from './geometry/projection.ts';
import { textWidth } from './fonts.ts';

export interface TextLine {
  text: string;
  size: number;
  /** baseline */
  y: number;
}

export interface Layout {
  width: number;
  height: number;
  margin: number;
  /** where the map itself goes: below the titles, above the credit line */
  mapExtent: Extent;
  title: TextLine | null;
  subtitle: TextLine | null;
  attribution: TextLine | null;
  /** the data's source, at the left of the credit's line, shortened to the room the credit leaves */
  source: TextLine | null;
  legendFontSize: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

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

/** Text scales with the map's width so small thumbnails and posters both read well; titles sit in their
 *  own band above the map so they never cover it. `mapHeightFor` answers the projection's natural height. */
export function computeLayout(spec: MapSpec, mapHeightFor: (width: number) => number): Layout {
  const { width } = spec;
  const margin = spec.padding;
  const room = Math.max(1, width - 2 * margin);

  let cursor = margin;
  const line = (text: string | null, preferred: number, weight: number, gap: number): TextLine | null => {
    if (!text) return null;
    const size = fitSize(text, preferred, room, weight);
    const y = cursor + Math.round(size * 0.95);
    cursor = y + Math.round(size * 0.3) + gap;
    return { text, size, y };
  };
  const titleSize = Math.round(clamp(width * 0.022, 12, 34));
  const title = line(spec.title, titleSize, 700, 4);
  const subtitle = line(spec.subtitle, Math.round(titleSize * 0.62), 400, 0);
  const top = title || subtitle ? cursor + Math.round(margin / 2) : margin;

  // one footer line: the source at the left, the credit at the right. The credit keeps at least half the line,
  // shrinking to it as it would to the whole line alone; the source takes what is left, at the same size.
  const creditSize = Math.round(clamp(width * 0.0085, 7, 12));
  const gap = creditSize * 2;
  const sourceWidth = spec.source ? textWidth(spec.source, creditSize) + gap : 0;
  const creditRoom = Math.max(room / 2, room - sourceWidth);
  const credit = spec.attribution ? fitSize(spec.attribution, creditSize, creditRoom, 400) : 0;
  const footer = credit || (spec.source ? creditSize : 0);
  const bottom = footer ? footer + Math.round(margin * 0.75) : margin;

  const height = spec.height ?? top + mapHeightFor(room) + bottom;
  const mapBottom = Math.max(top + 1, height - bottom);
  const footerY = height - Math.round(margin / 2.5);
  return {
    width,
    height,
    margin,
    mapExtent: [
      [margin, top],
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
    legendFontSize: Math.round(clamp(width * 0.0105, 9, 16)),
  };
}

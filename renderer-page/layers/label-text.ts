// What a region label says and how much room its ink takes: its lines (the name in bold, a value under it in
// regular weight), the same name wrapped onto two lines, and the box the text covers about the point it is
// centred on, measured with the renderer's own font metrics so that "inside its region" means the ink.
import type { RenderContext } from '../context.ts';
import { textWidth } from '../fonts.ts';
import type { Box } from '../geometry/box-inside.ts';

export interface Line {
  text: string;
  bold: boolean;
}

// Where Noto Sans's ink lies about a line's middle, in em: the middle (`central`) is halfway between its
// ascent (1.069) and descent (0.293), 0.388 above the baseline; capitals and ascenders reach 0.714 to 0.76 above
// the baseline, the baseline is 0.388 below the middle, descenders (g, p, y) reach 0.24 below the baseline.
const ABOVE_MIDDLE = 0.38;
const BELOW_MIDDLE = 0.4;
const BELOW_MIDDLE_DESCENDING = 0.63;
/** Letters that reach below the baseline. */
const DESCENDERS = /[gjpqyçŋ,;]/;
/** Lines are set 1.2 em apart. */
export const LEADING = 1.2;

/** The label of an id: without the prefix of the country whose scope the map is (`US-CA` on `US` is `CA`). */
const shortId = (id: string, scope: string) => (id.startsWith(`${scope}-`) ? id.slice(scope.length + 1) : id);

/** The lines of a region's label, or none when it asks for a value the region does not have. */
export function labelLines(ctx: RenderContext, id: string, values: ReadonlyMap<string, number | string>): Line[] {
  const { spec, text } = ctx;
  const given = values.get(id);
  const value = typeof given === 'number' ? text.value(given) : (given ?? null);
  const bold = (line: string): Line => ({ text: line, bold: true });
  switch (spec.labelContent) {
    case 'id':
      return [bold(shortId(id, spec.scope))];
    case 'name':
      return [bold(text.name(id))];
    case 'value':
      return value === null ? [] : [bold(value)];
    case 'name-value':
      return value === null ? [bold(text.name(id))] : [bold(text.name(id)), { text: value, bold: false }];
  }
}

const widthOf = (line: Line, size: number) => textWidth(line.text, size, line.bold ? 700 : 400);

/** The same label with its first line (the name) broken at the space that makes the longer half shortest
 *  ("Basque / Country", "Attica / Department"), or null when that line is a single word: a long name fits a
 *  compact region on two lines where it would hang over its coast on one. */
export function wrapped(lines: Line[], size: number): Line[] | null {
  const [first, ...rest] = lines;
  const words = first?.text.split(' ') ?? [];
  if (words.length < 2) return null;
  let best: Line[] | null = null;
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const halves = [words.slice(0, i).join(' '), words.slice(i).join(' ')].map((t) => ({ ...first, text: t }));
    const width = Math.max(...halves.map((line) => widthOf(line, size)));
    if (width < bestWidth) [best, bestWidth] = [halves, width];
  }
  return best && [...best, ...rest];
}

/** A label set at one size: its lines, and the box of its ink about a point (plus `pad` px each way), the lines
 *  centred together on the point, each on its middle (`dominant-baseline: central`). */
export interface SetLabel {
  lines: Line[];
  size: number;
  ink(at: [number, number], pad: number): Box;
}

export function setLabel(lines: Line[], size: number): SetLabel {
  const half = Math.max(...lines.map((line) => widthOf(line, size))) / 2;
  const extent = ((lines.length - 1) * size * LEADING) / 2;
  const below = size * (DESCENDERS.test(lines[lines.length - 1].text) ? BELOW_MIDDLE_DESCENDING : BELOW_MIDDLE);
  return {
    lines,
    size,
    ink: ([x, y], pad) => ({
      x0: x - half - pad,
      y0: y - extent - size * ABOVE_MIDDLE - pad,
      x1: x + half + pad,
      y1: y + extent + below + pad,
    }),
  };
}

// The size key of proportional circles: up to three nested reference circles of round values, bottom-aligned,
// each with a leader line from its top to its value, under a heading saying what they measure. They are drawn by the circles' own scale and paint, so a
// reader can hold a circle on the map against them. On a panel like the legend's, in a corner clear of the
// legend, the other furniture and, when it can be, the data.
import type { RenderContext } from '../context.ts';
import { circleRadius } from '../scales/circle-radius.ts';
import { textWidth } from '../fonts.ts';
import { el, px } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import { circlePaint } from '../layers/proportional.ts';
import { placeBox } from './placement.ts';
import { panel } from './panel.ts';

/** Round numbers are m × 10ⁿ for these m: close enough together that the largest key circle is at least
 *  two thirds of the largest value, so it stays near the largest circle's size. */
const MANTISSAS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5];

/** The largest round number not above `value` (> 0). */
function roundDown(value: number): number {
  // dividing by a power of ten for n < 0 keeps 0.3 from coming out 0.30000000000000004
  const times = (m: number, n: number) => (n < 0 ? m / 10 ** -n : m * 10 ** n);
  let n = Math.floor(Math.log10(value));
  if (times(1, n) > value) n--;
  if (times(10, n) <= value) n++;
  return times(MANTISSAS.filter((m) => times(m, n) <= value).at(-1) ?? 1, n);
}

interface Reference {
  value: number;
  label: string;
  r: number;
}

/** The largest value rounded down, about a half and a tenth of it: those the scale draws above its minimum
 *  radius (a smaller one would be drawn at the minimum, misleading), that print differently in the request's
 *  locale and number format, and whose labels, at the circles' tops, stand a line apart. */
function references(ctx: RenderContext): Reference[] {
  const { items, min } = ctx.spec.proportional;
  const radius = circleRadius(ctx.spec.proportional);
  const largest = Math.max(...items.map((i) => i.value));
  if (!(largest > 0)) return [];
  const top = roundDown(largest);
  const line = ctx.layout.legendFontSize * 1.1;
  const chosen: Reference[] = [];
  for (const value of [top, roundDown(top / 2), roundDown(top / 10)]) {
    const reference = { value, label: ctx.text.value(value), r: radius(value) };
    const last = chosen.at(-1);
    if (reference.r <= min || chosen.some((c) => c.label === reference.label)) continue;
    if (last && 2 * (last.r - reference.r) < line) continue;
    chosen.push(reference);
  }
  return chosen;
}

/** What the circles measure: `sizeKeyTitle`, else the legend's title when no region is coloured by value (the
 *  circles are then what it speaks of). */
const titleOf = (ctx: RenderContext) => ctx.spec.sizeKeyTitle ?? (ctx.scales.fill ? null : ctx.spec.legendTitle);

export function sizeKeyLayer(ctx: RenderContext): MapElement | null {
  const { doc, spec, theme } = ctx;
  if (!spec.legend || !spec.proportional.items.length) return null;
  const refs = references(ctx);
  if (!refs.length) return null;
  const size = ctx.layout.legendFontSize;
  const pad = Math.round(size * 0.7);
  const big = refs[0].r;
  const cx = pad + big;
  const heading = titleOf(ctx);
  const titleSize = Math.round(size * 1.05);
  const titleHeight = heading ? Math.round(titleSize * 1.6) : 0;
  // the largest circle's top, with room above for its label, which is centred on it
  const top = pad + titleHeight + Math.round(size * 0.2);
  const bottom = top + Math.ceil(2 * big);
  const lineEnd = Math.ceil(cx + big + pad * 0.7);
  const labelX = lineEnd + 3;
  // one colour for every circle of the map is the key's colour; several mean something the key cannot say
  const colors = new Set(spec.proportional.items.map((i) => i.color));
  const paint = circlePaint(theme, colors.size === 1 ? [...colors][0] : null);
  const parts = refs.flatMap(({ value, label, r }) => [
    el(doc, 'circle', { 'data-value': value, cx: px(cx), cy: px(bottom - r), r: px(r), ...paint }),
    el(doc, 'path', {
      d: `M${px(cx)},${px(bottom - 2 * r)}H${lineEnd}`,
      stroke: theme.text,
      'stroke-opacity': 0.7,
      'stroke-width': 1,
    }),
    el(
      doc,
      'text',
      {
        x: labelX,
        y: px(bottom - 2 * r),
        'font-size': size,
        'dominant-baseline': 'central',
        fill: theme.text,
        'data-value': value,
      },
      label,
    ),
  ]);
  if (heading) {
    const y = pad + Math.round(titleSize * 0.95);
    const attributes = { x: pad, y, 'font-size': titleSize, 'font-weight': 700, fill: theme.text };
    parts.unshift(el(doc, 'text', attributes, heading));
  }
  const width = Math.max(
    labelX + Math.max(...refs.map((r) => textWidth(r.label, size))) + pad,
    heading ? textWidth(heading, titleSize, 700) + 2 * pad : 0,
  );
  const height = bottom + pad;
  const { at, clear } = placeBox(ctx, width, height, ['bottom-left', 'bottom-right', 'top-left', 'top-right']);
  // a map too small to hold the key beside the rest goes without it rather than hide the legend or furniture
  if (!clear) return null;
  return panel(ctx, 'size-key', { x: at[0], y: at[1], width, height }, parts);
}

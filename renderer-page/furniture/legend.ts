// The legend reads the scales, never the layers: the fill scale's classes or categories as swatches (vertical
// or horizontal), or one gradient bar (continuous); then the highlight and no data swatches when the map shows
// such regions (scales/fixed-fills.ts). It sits where `legendPosition` says: by default in a corner of the map
// where it covers no region with data, else in a band below the map.
import { ticks } from 'd3';
import type { RenderContext } from '../context.ts';
import type { LegendBand } from '../layout.ts';
import type { LegendEntry } from '../scales/fill-scale.ts';
import { textWidth } from '../fonts.ts';
import { el } from '../svg.ts';
import type { MapElement } from '../map-document.ts';
import { placeBox, type Anchor } from './placement.ts';
import { panel } from './panel.ts';

interface Metrics {
  size: number;
  swatch: number;
  row: number;
  pad: number;
  titleSize: number;
  titleHeight: number;
}

interface Body {
  parts: MapElement[];
  width: number;
  height: number;
}

function metrics(ctx: RenderContext): Metrics {
  const size = ctx.layout.legendFontSize;
  const swatch = Math.round(size * 1.15);
  const titleSize = Math.round(size * 1.05);
  return {
    size,
    swatch,
    titleSize,
    row: swatch + Math.round(size * 0.45),
    pad: Math.round(size * 0.7),
    titleHeight: ctx.spec.legendTitle ? Math.round(titleSize * 1.6) : 0,
  };
}

function swatch(ctx: RenderContext, m: Metrics, entry: LegendEntry, x: number, y: number): MapElement[] {
  return [
    el(ctx.doc, 'rect', { x, y, width: m.swatch, height: m.swatch, fill: entry.color, 'data-legend': entry.label }),
    el(
      ctx.doc,
      'text',
      {
        x: x + m.swatch + Math.round(m.pad * 0.7),
        y: y + m.swatch / 2,
        'font-size': m.size,
        'dominant-baseline': 'central',
        fill: ctx.theme.text,
      },
      entry.label,
    ),
  ];
}

const entryWidth = (m: Metrics, e: LegendEntry) => m.swatch + Math.round(m.pad * 0.7) + textWidth(e.label, m.size);

function vertical(ctx: RenderContext, m: Metrics, entries: LegendEntry[]): Body {
  const parts = entries.flatMap((e, i) => swatch(ctx, m, e, m.pad, m.pad + m.titleHeight + i * m.row));
  const width = Math.max(...entries.map((e) => entryWidth(m, e)));
  return {
    parts,
    width: width + 2 * m.pad,
    height: m.titleHeight + entries.length * m.row - (m.row - m.swatch) + 2 * m.pad,
  };
}

/** Entries left to right, wrapping into rows no wider than the map allows. */
function flow(ctx: RenderContext, m: Metrics, entries: LegendEntry[], top: number, maxWidth: number): Body {
  const gap = m.pad * 2;
  const parts: MapElement[] = [];
  let x = m.pad;
  let y = top;
  let width = 0;
  for (const entry of entries) {
    const w = entryWidth(m, entry);
    if (x > m.pad && x + w > maxWidth) {
      x = m.pad;
      y += m.row;
    }
    parts.push(...swatch(ctx, m, entry, x, y));
    width = Math.max(width, x + w);
    x += w + gap;
  }
  return { parts, width: width + m.pad, height: entries.length ? y + m.swatch + m.pad : top };
}

function horizontal(ctx: RenderContext, m: Metrics, entries: LegendEntry[]): Body {
  const [[x0], [x1]] = ctx.layout.mapExtent;
  return flow(ctx, m, entries, m.pad + m.titleHeight, (x1 - x0) * 0.9);
}

/** Where a tick sits under the bar, and how its label is anchored: the end labels align with the bar's ends
 *  rather than stick out past the panel. */
function tickAt([lo, hi]: [number, number], bar: number, value: number) {
  const dx = hi === lo ? bar / 2 : Math.round(((value - lo) / (hi - lo)) * bar * 100) / 100;
  return { dx, anchor: dx <= 0 ? 'start' : dx >= bar ? 'end' : 'middle' } as const;
}

/** d3's round ticks over the (nice) domain: as many as fit under the bar with a gap between their labels. */
function tickValues(ctx: RenderContext, m: Metrics, domain: [number, number], bar: number): number[] {
  if (domain[0] === domain[1]) return [domain[0]];
  for (let count = 5; count > 1; count--) {
    const values = ticks(domain[0], domain[1], count);
    const spans = values.map((value) => {
      const { dx, anchor } = tickAt(domain, bar, value);
      const w = textWidth(ctx.text.value(value), m.size);
      const left = anchor === 'start' ? dx : anchor === 'end' ? dx - w : dx - w / 2;
      return [left, left + w];
    });
    if (spans.every(([left], i) => i === 0 || left - spans[i - 1][1] >= m.size / 2)) return values;
  }
  return domain;
}

function continuous(
  ctx: RenderContext,
  m: Metrics,
  domain: [number, number],
  stops: string[],
  extras: LegendEntry[],
): Body {
  const { doc, theme } = ctx;
  const [[x0], [x1]] = ctx.layout.mapExtent;
  const bar = Math.round(Math.min(320, Math.max(160, (x1 - x0) * 0.3)));
  const top = m.pad + m.titleHeight;
  const gradient = el(doc, 'linearGradient', { id: 'legend-gradient', x1: 0, x2: 1, y1: 0, y2: 0 });
  stops.forEach((color, i) =>
    gradient.appendChild(el(doc, 'stop', { offset: i / (stops.length - 1), 'stop-color': color })),
  );
  const defs = el(doc, 'defs');
  defs.appendChild(gradient);
  const tickY = top + m.swatch + Math.round(m.size * 1.2);
  const labels = tickValues(ctx, m, domain, bar).map((value) => {
    const { dx, anchor } = tickAt(domain, bar, value);
    return el(
      doc,
      'text',
      { x: m.pad + dx, y: tickY, 'font-size': m.size, 'text-anchor': anchor, fill: theme.text },
      ctx.text.value(value),
    );
  });
  const rest = flow(ctx, m, extras, tickY + Math.round(m.size * 0.8), (x1 - x0) * 0.9);
  return {
    parts: [
      defs,
      el(doc, 'rect', {
        x: m.pad,
        y: top,
        width: bar,
        height: m.swatch,
        fill: 'url(#legend-gradient)',
        'data-legend': 'gradient',
      }),
      ...labels,
      ...rest.parts,
    ],
    width: Math.max(bar + 2 * m.pad, rest.width),
    height: Math.max(tickY + m.pad, rest.height),
  };
}

const PREFERENCES: Record<'box' | 'wide', Anchor[]> = {
  box: ['bottom-left', 'bottom-right', 'top-left', 'top-right'],
  wide: ['bottom-left', 'bottom-centre', 'bottom-right', 'top-left', 'top-right'],
};

/** The legend laid out at its own origin (its title, then its body), or null when it shows nothing. In a band
 *  across the page its swatches run in rows, as a horizontal legend's do: a column of twelve under the map left
 *  the rest of the band empty. */
function legendBody(ctx: RenderContext, inBand: boolean): Body | null {
  const { doc, spec, theme } = ctx;
  if (!spec.legend) return null;
  const scale = ctx.scales.fill;
  const extras = ctx.scales.fixed;
  const m = metrics(ctx);
  let body: Body;
  if (scale?.kind === 'continuous') {
    body = continuous(ctx, m, scale.domain, scale.stops, extras);
  } else {
    const entries = [...(scale ? (scale.kind === 'classes' ? scale.bins : scale.entries) : []), ...extras];
    if (!entries.length) return null;
    body = spec.legendLayout === 'horizontal' || inBand ? horizontal(ctx, m, entries) : vertical(ctx, m, entries);
  }
  const title = spec.legendTitle
    ? [
        el(
          doc,
          'text',
          {
            x: m.pad,
            y: m.pad + Math.round(m.titleSize * 0.95),
            'font-size': m.titleSize,
            'font-weight': 700,
            fill: theme.text,
          },
          spec.legendTitle,
        ),
      ]
    : [];
  const width = Math.max(
    body.width,
    title.length ? textWidth(spec.legendTitle ?? '', m.titleSize, 700) + 2 * m.pad : 0,
  );
  return { parts: [...title, ...body.parts], width, height: body.height };
}

const preferences = (ctx: RenderContext): Anchor[] => {
  const { legendPosition, legendLayout } = ctx.spec;
  if (legendPosition !== 'auto' && legendPosition !== 'top' && legendPosition !== 'bottom') return [legendPosition];
  return PREFERENCES[legendLayout === 'vertical' ? 'box' : 'wide'];
};

/** The band the legend needs above or below the map: the side `legendPosition` names, or with `auto` below the
 *  map when every corner would cover a region with data (or the furniture); null when it goes in a corner. The
 *  map is then laid out again with the band (render-map.ts). */
export function legendBand(ctx: RenderContext): LegendBand | null {
  const position = ctx.spec.legendPosition;
  const body = legendBody(ctx, false);
  if (!body) return null;
  const banded = (side: LegendBand['side']) => ({ side, height: legendBody(ctx, true)!.height });
  if (position === 'top' || position === 'bottom') return banded(position);
  if (position !== 'auto') return null;
  const { covers, clear } = placeBox(ctx, body.width, body.height, preferences(ctx));
  return covers || !clear ? banded('bottom') : null;
}

export function legendLayer(ctx: RenderContext): MapElement | null {
  const band = ctx.layout.legendBand;
  const body = legendBody(ctx, band !== null);
  if (!body) return null;
  const at = band ?? placeBox(ctx, body.width, body.height, preferences(ctx)).at;
  ctx.corners.legend = { x: at[0], y: at[1], width: body.width, height: body.height };
  return panel(ctx, 'legend', ctx.corners.legend, body.parts);
}

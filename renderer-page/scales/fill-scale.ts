// The region fill scale: what the regions layer colours by, and what the legend reads.
import { bisectRight, extent, interpolateLab, nice, piecewise } from 'd3';
import type { MapSpec } from '../spec.ts';
import type { Theme } from '../themes/theme.ts';
import { classIndex, classify } from './classify.ts';
import { readableEdges } from './class-edges.ts';
import { rampColors, toHex } from './ramp.ts';
import type { FormatNumber } from './format-number.ts';

export interface LegendEntry {
  color: string;
  label: string;
}

export type FillScale =
  | { kind: 'classes'; bins: LegendEntry[]; color(value: number): string }
  | { kind: 'continuous'; domain: [number, number]; stops: string[]; color(value: number): string }
  | { kind: 'categories'; entries: LegendEntry[]; color(value: string): string };

/** `lo – hi`, or `≤ hi` / `> lo` for a class open at one end. */
function rangeLabel(format: FormatNumber, lo: number | null, hi: number | null): string {
  if (lo === null && hi === null) return 'all values';
  if (lo === null) return `≤ ${format(hi as number)}`;
  if (hi === null) return `> ${format(lo)}`;
  return lo === hi ? format(lo) : `${format(lo)} – ${format(hi)}`;
}

function sequential(spec: MapSpec, values: number[], theme: Theme, format: FormatNumber): FillScale {
  const classes = classify(values, spec.classification, spec.breaks);
  const k = classes.thresholds.length + 1;
  const colors = rampColors(theme.sequential, k);
  const color = (value: number) => colors[classIndex(classes, value)];
  const perValue = classes.values;
  if (perValue)
    return { kind: 'classes', bins: colors.map((c, i) => ({ color: c, label: format(perValue[i]) })), color };
  const custom = spec.classification === 'custom';
  const [min, max] = extent(values) as [number, number];
  const last = spec.breaks?.[spec.breaks.length - 1] ?? max;
  const edges = Array.from({ length: k }, (_, i): [number | null, number | null] => [
    i === 0 ? (custom ? null : min) : classes.thresholds[i - 1],
    i < k - 1 ? classes.thresholds[i] : custom ? (max > last ? null : last) : max,
  ]);
  return { kind: 'classes', bins: colors.map((c, i) => ({ color: c, label: rangeLabel(format, ...edges[i]) })), color };
}

/** Five classes symmetric around zero and fitted to the largest magnitude M: inner edges near ±M/5 and ±3M/5,
 *  rounded on the values' magnitudes, so ±6 makes edges within ±6 (DECISIONS §11). A value on an edge takes the
 *  outer class, so the largest magnitudes always get the strongest colours. */
function diverging(values: number[], theme: Theme, format: FormatNumber): FillScale {
  const magnitudes = values.map(Math.abs).sort((a, b) => a - b);
  const reach = magnitudes[magnitudes.length - 1] || 1;
  const edges = readableEdges(magnitudes, [reach / 5, (3 * reach) / 5], 0);
  const colors = rampColors(theme.diverging, 5);
  const bounds = [-reach, -edges[1], -edges[0], edges[0], edges[1], reach];
  return {
    kind: 'classes',
    bins: colors.map((color, i) => ({ color, label: rangeLabel(format, bounds[i], bounds[i + 1]) })),
    // how many edges the magnitude reaches (0 to 2), then to the side of its sign
    color: (v) => {
      const step = bisectRight(edges, Math.abs(v));
      return colors[v < 0 ? 2 - step : 2 + step];
    },
  };
}

/** About how many ticks a continuous legend has room for; its domain is made nice for that many. */
const TICKS = 5;

/** Unclassed: every value its own colour along the ramp (the `continuous` legend), over the data's extent made
 *  nice (d3's `nice`), so the legend's ticks fall on round numbers and its ends; diverging: symmetric. */
function continuous(spec: MapSpec, values: number[], theme: Theme): FillScale {
  const [min, max] = extent(values) as [number, number];
  const divergent = spec.colorScale === 'diverging';
  const reach = nice(0, Math.max(Math.abs(min), Math.abs(max)) || 1, TICKS)[1];
  const [lo, hi] = divergent ? [-reach, reach] : nice(min, max, TICKS);
  const stops = divergent ? theme.diverging : theme.sequential;
  const interpolate = piecewise(interpolateLab, stops);
  return {
    kind: 'continuous',
    domain: [lo, hi],
    stops,
    color: (v) => toHex(interpolate(hi === lo ? 1 : (v - lo) / (hi - lo))),
  };
}

function categories(spec: MapSpec, theme: Theme): FillScale {
  const palette = theme.categorical;
  const entries = spec.categories.map((label, i) => ({ label, color: palette[i % palette.length] }));
  const byLabel = new Map(entries.map((e) => [e.label, e.color]));
  return { kind: 'categories', entries, color: (value) => byLabel.get(value) ?? theme.noData };
}

/** Null when no region carries a value to scale. `format` writes the class edges. */
export function buildFillScale(spec: MapSpec, theme: Theme, format: FormatNumber): FillScale | null {
  if (spec.colorScale === 'categorical') return spec.categories.length ? categories(spec, theme) : null;
  // a unit drawn apart that shows its country's value (Somaliland) counts once, as its country
  const values = spec.regions
    .filter((r) => !r.partOf)
    .map((r) => r.value)
    .filter((v): v is number => typeof v === 'number');
  if (!values.length) return null;
  if (spec.legendLayout === 'continuous') return continuous(spec, values, theme);
  return spec.colorScale === 'diverging' ? diverging(values, theme, format) : sequential(spec, values, theme, format);
}

// The region fill scale: what the regions layer colours by, and what the legend reads.
import { extent, interpolateLab, piecewise } from 'd3';
import type { MapSpec } from '../spec.ts';
import type { Theme } from '../themes/theme.ts';
import { classIndex, classify } from './classify.ts';
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
  const [min, max] = extent(values) as [number, number];
  const custom = spec.classification === 'custom';
  const last = spec.breaks?.[spec.breaks.length - 1] ?? max;
  const edges = Array.from({ length: k }, (_, i): [number | null, number | null] => [
    i === 0 ? (custom ? null : min) : classes.thresholds[i - 1],
    i < k - 1 ? classes.thresholds[i] : custom ? (max > last ? null : last) : max,
  ]);
  const colors = rampColors(theme.sequential, k);
  return {
    kind: 'classes',
    bins: colors.map((color, i) => ({ color, label: rangeLabel(format, ...edges[i]) })),
    color: (value) => colors[classIndex(classes, value)],
  };
}

/** The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `x`, so class edges read as round numbers. */
function niceCeil(x: number): number {
  if (x <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  return ([1, 2, 2.5, 5, 10].find((m) => m * power >= x) ?? 10) * power;
}

/** Five classes symmetric around zero, the middle one centred on it and holding both its edges. */
function diverging(values: number[], theme: Theme, format: FormatNumber): FillScale {
  const step = niceCeil(Math.max(...values.map(Math.abs)) / 5);
  const colors = rampColors(theme.diverging, 5);
  const edges = [-5, -3, -1, 1, 3, 5].map((m) => m * step);
  return {
    kind: 'classes',
    bins: colors.map((color, i) => ({ color, label: rangeLabel(format, edges[i], edges[i + 1]) })),
    color: (v) => colors[v < edges[1] ? 0 : v < edges[2] ? 1 : v <= edges[3] ? 2 : v <= edges[4] ? 3 : 4],
  };
}

/** Unclassed: every value its own colour along the ramp (the `continuous` legend). */
function continuous(spec: MapSpec, values: number[], theme: Theme): FillScale {
  const [min, max] = extent(values) as [number, number];
  const reach = Math.max(Math.abs(min), Math.abs(max)) || 1;
  const divergent = spec.colorScale === 'diverging';
  const [lo, hi] = divergent ? [-reach, reach] : [min, max];
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
  const values = spec.regions.map((r) => r.value).filter((v): v is number => typeof v === 'number');
  if (!values.length) return null;
  if (spec.legendLayout === 'continuous') return continuous(spec, values, theme);
  return spec.colorScale === 'diverging' ? diverging(values, theme, format) : sequential(spec, values, theme, format);
}

import type { MapSpec } from '../spec.ts';
import type { Theme } from '../themes/theme.ts';
import { quantileEdges } from './quantile.ts';
import { formatNumber } from './format-number.ts';

export interface LegendEntry {
  color: string;
  label: string;
}

export interface ClassBin extends LegendEntry {
  lo: number;
  hi: number;
}

/** The region fill scale: what the regions layer colours by, and what the legend reads. */
export type FillScale =
  | { kind: 'classes'; bins: ClassBin[]; color(value: number): string }
  | { kind: 'categories'; entries: LegendEntry[]; color(value: string): string };

const CLASS_COUNT = 5;

/** `k` colours spread evenly over the ramp's stops, strongest last. */
function rampColors(ramp: string[], k: number): string[] {
  if (k === 1) return [ramp[ramp.length - 1]];
  return Array.from({ length: k }, (_, i) => ramp[Math.round((i * (ramp.length - 1)) / (k - 1))]);
}

function numericScale(values: number[], theme: Theme): FillScale {
  const edges = quantileEdges(values, CLASS_COUNT);
  const colors = rampColors(theme.sequential, edges.length);
  const max = Math.max(...values);
  const bins = edges.map((lo, i) => {
    const hi = edges[i + 1] ?? max;
    const label = lo === hi ? formatNumber(lo) : `${formatNumber(lo)} – ${formatNumber(hi)}`;
    return { color: colors[i], lo, hi, label };
  });
  const color = (value: number) => {
    let i = 0;
    while (i + 1 < edges.length && value >= edges[i + 1]) i++;
    return colors[i];
  };
  return { kind: 'classes', bins, color };
}

function categoryScale(categories: string[], theme: Theme): FillScale {
  const palette = theme.categorical;
  const entries = categories.map((label, i) => ({ label, color: palette[i % palette.length] }));
  const byLabel = new Map(entries.map((e) => [e.label, e.color]));
  return { kind: 'categories', entries, color: (value: string) => byLabel.get(value) ?? theme.noData };
}

/** Null when no region carries a value to scale. */
export function buildFillScale(spec: MapSpec, theme: Theme): FillScale | null {
  if (spec.colorScale === 'categorical') {
    return spec.categories.length ? categoryScale(spec.categories, theme) : null;
  }
  const values = spec.regions.map((r) => r.value).filter((v): v is number => typeof v === 'number');
  return values.length ? numericScale(values, theme) : null;
}

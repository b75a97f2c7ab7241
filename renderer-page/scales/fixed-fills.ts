// The theme's fixed fills that the legend shows after the fill scale's own entries: `Highlighted` and
// `No data`, when the map draws regions painted so. Worked out from what the request gave the drawn regions,
// as the regions layer paints them (layers/regions.ts), so the legend reads scales, never layers.
import type { DrawnRegion } from '../drawn-regions.ts';
import type { Theme } from '../themes/theme.ts';
import type { LegendEntry } from './fill-scale.ts';

/** `hasScale`: the map has a fill scale; without one, no data is worth a swatch only beside a highlight. */
export function fixedFillEntries(regions: DrawnRegion[], theme: Theme, hasScale: boolean): LegendEntry[] {
  const entries: LegendEntry[] = [];
  // a highlight without a colour of its own counts even where the scale colours the region
  if (regions.some(({ region }) => region?.highlight && !region.color))
    entries.push({ color: theme.highlight, label: 'Highlighted' });
  // a region the request left out, or gave no value, highlight or colour (a pattern alone is drawn over no data)
  const noData = regions.some(({ region }) => !region || (!region.highlight && region.value === null && !region.color));
  if ((hasScale || entries.length) && noData) entries.push({ color: theme.noData, label: 'No data' });
  return entries;
}

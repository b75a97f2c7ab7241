// The map in words, for a screen reader (the SVG's <desc>), a PNG's Description and /render/spec: what kind of
// map it is, how many regions have data, the highest and the lowest by name and value, the categories, what
// has no data, what else is drawn, and which regions with data the map could not draw (their place outside
// the frame): the counts are of what a reader sees, never "every region has data" over a region left out. The
// sentences are English; names and numbers follow the locale.
import { group } from 'd3';
import type { MapSpec, RegionSpec } from './spec.ts';
import type { MapText } from './map-text.ts';

/** How many names a sentence lists before "and N more". */
const LISTED = 5;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function listed(names: string[]): string {
  const shown = names.slice(0, LISTED).join(', ');
  return names.length > LISTED ? `${shown} and ${names.length - LISTED} more` : shown;
}

function numbers(regions: RegionSpec[], text: MapText): string[] {
  const valued = regions
    .filter((r): r is RegionSpec & { value: number } => typeof r.value === 'number')
    .sort((a, b) => b.value - a.value || (a.id < b.id ? -1 : 1));
  if (!valued.length) return [];
  const at = (r: { id: string; value: number }) => `${text.name(r.id)} (${text.value(r.value)})`;
  const [high, low] = [valued[0], valued[valued.length - 1]];
  return [valued.length === 1 ? `It shows a value for ${at(high)}.` : `Highest: ${at(high)}; lowest: ${at(low)}.`];
}

function categories(spec: MapSpec, text: MapText): string[] {
  const byCategory = group(
    spec.regions.filter((r) => !r.partOf),
    (r) => r.value,
  );
  const counts = spec.categories.map((category) => {
    const members = byCategory.get(category) ?? [];
    return `${category} (${members.length === 1 ? text.name(members[0].id) : plural(members.length, 'region')})`;
  });
  return counts.length ? [`${plural(counts.length, 'category', 'categories')}: ${listed(counts)}.`] : [];
}

/** The units drawn apart that show their country's value: "Somaliland takes the value of Somalia." */
function unitsDrawnApart(regions: RegionSpec[], text: MapText): string[] {
  const byCountry = group(
    regions.filter((r) => r.partOf && (r.value !== null || r.highlight)),
    (r) => r.partOf!,
  );
  return [...byCountry].map(([country, units]) => {
    const names = units.map((u) => text.name(u.id));
    const takes = names.length === 1 ? 'takes' : 'take';
    return `${listed(names)} ${takes} the ${units[0]!.highlight ? 'highlight' : 'value'} of ${text.name(country)}.`;
  });
}

function extras(spec: MapSpec, text: MapText): string[] {
  const sentences: string[] = [];
  const { items } = spec.proportional;
  if (items.length) {
    const largest = items.reduce((a, b) => (b.value > a.value ? b : a));
    const at = `${text.name(largest.id)} (${text.value(largest.value)})`;
    sentences.push(
      items.length === 1
        ? `A circle sized by value for ${at}.`
        : `Circles sized by value for ${items.length} regions, the largest ${at}.`,
    );
  }
  const drawn = [
    [spec.markers.length, 'marker'],
    [spec.routes.length, 'route'],
    [spec.shapes.length, 'shape'],
  ] as const;
  const others = drawn.filter(([n]) => n > 0).map(([n, what]) => plural(n, what));
  if (others.length) sentences.push(`Also drawn: ${others.join(', ')}.`);
  return sentences;
}

/** `total`: how many regions the scope has; `notDrawn`: the ids of regions with data the map does not show. */
export function describeMap(spec: MapSpec, text: MapText, total: number, notDrawn: string[]): string {
  const kind = spec.categories.length
    ? 'Category map'
    : spec.regions.some((r) => typeof r.value === 'number')
      ? 'Choropleth map'
      : 'Map';
  const missing = new Set(notDrawn);
  const regions = spec.regions.filter((r) => !missing.has(r.id));
  const withData = regions.filter((r) => r.value !== null).length;
  const highlighted = regions.filter((r) => r.highlight).map((r) => text.name(r.id));
  const without = Math.max(0, total - withData - highlighted.length);
  const noData =
    without === 0
      ? 'Every region has data.'
      : `${plural(without, 'region')} ${without === 1 ? 'has' : 'have'} no data.`;
  const sentences = [
    spec.title && spec.title !== text.place ? `${kind} of ${text.place}: ${spec.title}.` : `${kind} of ${text.place}.`,
    withData ? `${withData} of ${plural(total, 'region')} ${withData === 1 ? 'has' : 'have'} data.` : '',
    ...numbers(
      regions.filter((r) => !r.partOf),
      text,
    ),
    ...unitsDrawnApart(regions, text),
    ...categories(spec, text),
    highlighted.length ? `Highlighted: ${listed(highlighted)}.` : '',
    withData || highlighted.length ? noData : '',
    notDrawn.length ? `Not drawn, outside the map: ${listed(notDrawn.map((id) => text.name(id)))}.` : '',
    ...extras(spec, text),
  ];
  return sentences.filter(Boolean).join(' ');
}

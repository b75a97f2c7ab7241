// The GET URL that draws the same map as a normalised request, for the preview page to offer as a
// ready-to-copy link. Only what differs from the scope's defaults is written; a request the GET grammar
// cannot express (your own boundaries, shapes, marker colours or rotation, separators inside texts) has none.
import { isDeepStrictEqual } from 'node:util';
import type { Catalogue } from '../../topology/catalogue.ts';
import type { MapSpec, RegionSpec } from '../../renderer-page/spec.ts';
import { parseQuery } from './get-grammar.ts';
import { defaultPadding, normaliseRequest } from './normalise.ts';
import { AS_IS_FIELDS, FIELD_NAMES } from './schema.ts';
import { routeText } from './route-text.ts';

/** The longest URL the service reads (app.ts answers a longer one 414 uri_too_long), and so the longest it offers. */
export const MAX_URL_LENGTH = 16 * 1024;

/** Texts holding a separator of the grammar cannot be written in it. */
const plain = (text: string) => !/[,;:>]/.test(text);

function pair(region: RegionSpec): string | null {
  if (region.value === null && !region.highlight && !region.color) return null;
  const value = region.value === null ? '' : String(region.value);
  if (region.value === null && region.color) return `${region.id}:${region.color}`;
  return region.color ? `${region.id}:${value}:${region.color}` : `${region.id}:${value}`;
}

/** Fields written as their value: those the normalised request carries as validated, and those whose default
 *  normalisation works out from the scope or from other fields. */
const WRITTEN_AS_IS = [
  ...AS_IS_FIELDS,
  'level',
  'projection',
  'colorScale',
  'classification',
  'scale',
  'quality',
] as const;

/** Query parameters for the parts of `spec` that differ from `base`, or null when one cannot be written. */
function parameters(spec: MapSpec, base: MapSpec): Array<[string, string]> | null {
  const params: Array<[string, string]> = [['scope', spec.scope]];
  const texts = [
    ...spec.regions.map((r) => r.annotation ?? ''),
    ...spec.markers.map((m) => m.label ?? ''),
    ...spec.categories,
  ];
  if (spec.shapes.length || !texts.every(plain) || spec.markers.some((m) => m.color || m.rotation)) return null;

  for (const key of WRITTEN_AS_IS) {
    if (spec[key] !== base[key] && spec[key] !== null) params.push([key, String(spec[key])]);
  }
  // the level the ids chose, or `division` did where they could not (INSEE's `84` on the régions)
  if (spec.division !== null) params.push(['division', spec.division]);
  if (spec.padding !== defaultPadding(spec.width)) params.push(['padding', String(spec.padding)]);
  if (spec.attribution === null) params.push(['attribution', 'false']);
  if (spec.breaks) params.push(['breaks', spec.breaks.join(',')]);
  if (spec.bbox && !isDeepStrictEqual(spec.bbox, base.bbox)) params.push(['bbox', spec.bbox.join(',')]);

  // categories take palette colours in order of first appearance, so their pairs come in that order
  const order = (r: RegionSpec) => (typeof r.value === 'string' ? spec.categories.indexOf(r.value) : -1);
  // a unit drawn apart with its country's entry (drawn-apart.ts) takes it again from the country's pair
  const given = spec.regions.filter((r) => !r.partOf);
  const pairs = [...given]
    .sort((a, b) => order(a) - order(b))
    .map(pair)
    .filter((p): p is string => p !== null);
  if (pairs.length) params.push(['data', pairs.join(',')]);
  const patterned = given.filter((r) => r.pattern);
  if (patterned.length) params.push(['patterns', patterned.map((r) => `${r.id}:${r.pattern}`).join(',')]);
  const annotated = given.filter((r) => r.annotation);
  if (annotated.length) params.push(['annotations', annotated.map((r) => `${r.id}:${r.annotation}`).join(',')]);

  const { labels, proportional } = spec;
  if (labels.mode !== 'none') params.push(['labels', labels.mode === 'all' ? 'ISO' : labels.ids.join(',')]);
  if (labels.minArea !== base.labels.minArea) params.push(['labelMinArea', String(labels.minArea)]);
  if (proportional.items.length) {
    params.push([
      'proportional',
      proportional.items.map((p) => `${p.id}:${p.value}${p.color ? `:${p.color}` : ''}`).join(','),
    ]);
  }
  if (proportional.min !== base.proportional.min) params.push(['proportionalMin', String(proportional.min)]);
  if (proportional.max !== base.proportional.max) params.push(['proportionalMax', String(proportional.max)]);

  if (spec.markers.length) {
    params.push([
      'markers',
      spec.markers
        .map((m) => [`${m.lat},${m.lon}`, m.sidc ?? m.icon, m.label ?? '', m.labelPosition, m.size].join(':'))
        .join(';'),
    ]);
  }
  if (spec.routes.length) {
    params.push([
      'routes',
      spec.routes
        .map((r) =>
          [
            routeText(r.from, r.to),
            r.color,
            r.width,
            r.style,
            r.arrow ? 'arrow' : null,
            r.mode === 'sea' ? 'sea' : null,
          ]
            .filter((o) => o !== null)
            .join(':'),
        )
        .join(';'),
    ]);
  }
  return params;
}

/** `/map.svg?…` (or `.png`, `.pdf`, `.jpeg`, `.webp`) drawing the same map as `spec`, or null when GET cannot say it. */
export function getUrlFor(spec: MapSpec, catalogue: Catalogue): string | null {
  if (spec.geometry) return null;
  const base = normaliseRequest({ scope: spec.scope }, catalogue, spec.format).spec;
  const params = parameters(spec, base);
  if (!params) return null;
  const query = new URLSearchParams(params).toString().replace(/%2C/g, ',').replace(/%3A/g, ':');
  // the link is only offered once it is known to draw exactly this map; some values read back otherwise or
  // not at all (a category "#fff" reads as a colour, a latitude 1e-7 is no lat,lon), and then there is none
  try {
    const again = normaliseRequest(parseQuery(query, FIELD_NAMES), catalogue, spec.format).spec;
    return isDeepStrictEqual(again, spec) ? `/map.${spec.format}?${query}` : null;
  } catch {
    return null;
  }
}

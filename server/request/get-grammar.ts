// The GET query grammar of DECISIONS.md §3, turned into the same shape as a POST JSON body so that one
// schema validates both.
import { ApiError } from '../errors.ts';
import { HEX_COLOR, parseValueText } from './region-value.ts';

export interface RawRegion {
  id: string;
  value: number | string | null;
  color?: string;
}

/** `id:value[:#rrggbb]` pairs split by `,` or `;`; `id:#rrggbb` paints a flat colour; an empty value highlights. */
export function parseDataPairs(text: string, field = 'data'): RawRegion[] {
  const regions: RawRegion[] = [];
  for (const pair of text.split(/[,;]/)) {
    if (pair.trim() === '') continue;
    const colon = pair.indexOf(':');
    const id = colon < 0 ? '' : pair.slice(0, colon).trim();
    if (!id) {
      throw new ApiError('invalid_data', `${field} pair "${pair}" is not id:value (e.g. US:200, US:200:#ff0000, US:#ff0000 or US: to highlight)`, field);
    }
    let rest = pair.slice(colon + 1);
    let color: string | undefined;
    const last = rest.lastIndexOf(':');
    const tail = last < 0 ? rest : rest.slice(last + 1);
    if (tail.trim().startsWith('#')) {
      color = tail.trim();
      if (!HEX_COLOR.test(color)) {
        throw new ApiError('invalid_data', `${field} pair "${pair}": colour "${color}" is not #rrggbb`, field);
      }
      rest = last < 0 ? '' : rest.slice(0, last);
    }
    regions.push({ id, value: parseValueText(rest), ...(color ? { color } : {}) });
  }
  return regions;
}

/** `id:text` entries split by `separators`; only the first `:` of an entry splits it. */
function parsePairs(text: string, field: string, separators: RegExp, example: string): Array<{ id: string; text: string }> {
  return text.split(separators).filter((entry) => entry.trim() !== '').map((entry) => {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? '' : entry.slice(0, colon).trim();
    if (!id) throw new ApiError('invalid_data', `${field} entry "${entry}" is not id:${example}`, field);
    return { id, text: entry.slice(colon + 1).trim() };
  });
}

const LAT_LON = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** `lat,lon[:icon-or-sidc][:label][:labelPosition][:size]`, entries split by `;`. */
function parseMarkers(text: string): Array<Record<string, string>> {
  return text.split(';').filter((entry) => entry.trim() !== '').map((entry) => {
    const [where, symbol = '', label = '', labelPosition = '', size = ''] = entry.split(':').map((part) => part.trim());
    const at = LAT_LON.exec(where);
    if (!at) throw new ApiError('invalid_field', `marker "${entry}" does not start with lat,lon (e.g. 44.43,26.10:pin:Bucharest:right)`, 'markers');
    const marker: Record<string, string> = { lat: at[1], lon: at[2] };
    if (symbol) marker[/^\d+$/.test(symbol) ? 'sidc' : 'icon'] = symbol;
    if (label) marker.label = label;
    if (labelPosition) marker.labelPosition = labelPosition;
    if (size) marker.size = size;
    return marker;
  });
}

/** `from>to[:opt]...` entries split by `;`; an end is a region id or `lat,lon`; options in any order. */
function parseRoutes(text: string): Array<Record<string, unknown>> {
  return text.split(';').filter((entry) => entry.trim() !== '').map((entry) => {
    const [ends, ...options] = entry.split(':').map((part) => part.trim());
    const [from, to, extra] = ends.split('>').map((end) => end.trim());
    if (!from || !to || extra !== undefined) {
      throw new ApiError('invalid_field', `route "${entry}" is not from>to (a region id or lat,lon each, e.g. DE>BR or 44.43,26.10>52.52,13.40)`, 'routes');
    }
    const route: Record<string, unknown> = {};
    for (const [key, end] of [['from', from], ['to', to]] as const) {
      const at = LAT_LON.exec(end);
      route[key] = end;
      if (at) route[`${key}LatLon`] = [at[1], at[2]];
    }
    for (const option of options.filter(Boolean)) {
      const lower = option.toLowerCase();
      if (option.startsWith('#')) route.color = option;
      else if (/^\d+(\.\d+)?$/.test(option)) route.width = option;
      else if (['solid', 'dashed', 'dotted'].includes(lower)) route.style = lower;
      else if (lower === 'arrow') route.arrow = true;
      else if (['sea', 'great-circle'].includes(lower)) route.mode = lower;
      else {
        throw new ApiError('invalid_field', `route "${entry}": option "${option}" is not a #rrggbb colour, a width, solid/dashed/dotted, arrow or sea`, 'routes');
      }
    }
    return route;
  });
}

function parseIdList(text: string): RawRegion[] {
  return text.split(/[,;]/).map((id) => id.trim()).filter(Boolean).map((id) => ({ id, value: null }));
}

/**
 * Query string → request object. Parameter names match case-insensitively against `fieldNames`; a name
 * given twice is an error, since either reading would surprise someone.
 */
export function parseQuery(query: string, fieldNames: readonly string[]): Record<string, unknown> {
  const byLowerName = new Map(fieldNames.map((name) => [name.toLowerCase(), name]));
  byLowerName.set('data', 'data');
  // no prototype, so that a parameter named __proto__ is kept (and refused as unknown) rather than lost
  const raw: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(query)) {
    const name = byLowerName.get(key.toLowerCase()) ?? key;
    // own keys only: `toString=1` is an unknown parameter, not a repeated one
    if (Object.hasOwn(raw, name)) throw new ApiError('invalid_field', `parameter "${name}" is given more than once`, name);
    raw[name] = value;
  }
  const { data, regions, patterns, annotations, breaks, markers, routes, labels, proportional, bbox, ...rest } = raw;
  if (data !== undefined && regions !== undefined) {
    throw new ApiError('invalid_data', 'give either data (id:value pairs) or regions (ids to highlight), not both', 'regions');
  }
  const request: Record<string, unknown> = { ...rest };
  if (data !== undefined) request.regions = parseDataPairs(data);
  if (regions !== undefined) request.regions = parseIdList(regions);
  if (breaks !== undefined) request.breaks = breaks.split(',').map((b) => b.trim());
  if (bbox !== undefined) request.bbox = bbox.split(',').map((b) => b.trim());
  if (markers !== undefined) request.markers = parseMarkers(markers);
  if (routes !== undefined) request.routes = parseRoutes(routes);
  if (labels !== undefined) request.labels = labels.trim().toUpperCase() === 'ISO' ? 'ISO' : labels.split(',').map((id) => id.trim()).filter(Boolean);
  if (proportional !== undefined) {
    request.proportional = parseDataPairs(proportional, 'proportional').map(({ id, value, color }) => ({ id, value, ...(color ? { color } : {}) }));
  }
  if (patterns !== undefined) {
    request.patterns = parsePairs(patterns, 'patterns', /[,;]/, 'pattern (e.g. DE:stripes)').map((p) => ({ id: p.id, pattern: p.text }));
  }
  if (annotations !== undefined) {
    request.annotations = parsePairs(annotations, 'annotations', /,/, 'text (e.g. US:Largest economy)').map((p) => ({ id: p.id, annotation: p.text }));
  }
  return request;
}

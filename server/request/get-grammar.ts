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
export function parseDataPairs(text: string): RawRegion[] {
  const regions: RawRegion[] = [];
  for (const pair of text.split(/[,;]/)) {
    if (pair.trim() === '') continue;
    const colon = pair.indexOf(':');
    const id = colon < 0 ? '' : pair.slice(0, colon).trim();
    if (!id) {
      throw new ApiError('invalid_data', `data pair "${pair}" is not id:value (e.g. US:200, US:200:#ff0000, US:#ff0000 or US: to highlight)`, 'data');
    }
    let rest = pair.slice(colon + 1);
    let color: string | undefined;
    const last = rest.lastIndexOf(':');
    const tail = last < 0 ? rest : rest.slice(last + 1);
    if (tail.trim().startsWith('#')) {
      color = tail.trim();
      if (!HEX_COLOR.test(color)) {
        throw new ApiError('invalid_data', `data pair "${pair}": colour "${color}" is not #rrggbb`, 'data');
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
  const raw: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const name = byLowerName.get(key.toLowerCase()) ?? key;
    if (name in raw) throw new ApiError('invalid_field', `parameter "${name}" is given more than once`, name);
    raw[name] = value;
  }
  const { data, regions, patterns, annotations, breaks, ...rest } = raw;
  if (data !== undefined && regions !== undefined) {
    throw new ApiError('invalid_data', 'give either data (id:value pairs) or regions (ids to highlight), not both', 'regions');
  }
  const request: Record<string, unknown> = { ...rest };
  if (data !== undefined) request.regions = parseDataPairs(data);
  if (regions !== undefined) request.regions = parseIdList(regions);
  if (breaks !== undefined) request.breaks = breaks.split(',').map((b) => b.trim());
  if (patterns !== undefined) {
    request.patterns = parsePairs(patterns, 'patterns', /[,;]/, 'pattern (e.g. DE:stripes)').map((p) => ({ id: p.id, pattern: p.text }));
  }
  if (annotations !== undefined) {
    request.annotations = parsePairs(annotations, 'annotations', /,/, 'text (e.g. US:Largest economy)').map((p) => ({ id: p.id, annotation: p.text }));
  }
  return request;
}

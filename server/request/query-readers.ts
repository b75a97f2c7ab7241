// The GET query grammar of DECISIONS.md §3 for the fields a query cannot write as their body value: each form
// reads a parameter's text into what a POST JSON body holds, so that one schema validates both, and says how
// it is written. The schema gives each such field its form (`meta.query`); get-grammar.ts applies them and
// the OpenAPI document describes them.
import { ROUTE_MODES, ROUTE_STYLES } from '../../shared/lists.ts';
import { ApiError } from '../errors.ts';
import type { QueryForm } from './field-meta.ts';
import { HEX_COLOR, parseValueText } from './region-value.ts';
import { LIMITS } from './schema-parts.ts';

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
      throw new ApiError(
        'invalid_data',
        `${field} pair "${pair}" is not id:value (e.g. US:200, US:200:#ff0000, US:#ff0000 or US: to highlight)`,
        field,
      );
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
function parsePairs(
  text: string,
  field: string,
  separators: RegExp,
  example: string,
): Array<{ id: string; text: string }> {
  return text
    .split(separators)
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const colon = entry.indexOf(':');
      const id = colon < 0 ? '' : entry.slice(0, colon).trim();
      if (!id) throw new ApiError('invalid_data', `${field} entry "${entry}" is not id:${example}`, field);
      return { id, text: entry.slice(colon + 1).trim() };
    });
}

/** `lat,lon` as a query writes a position; add_layers (server/mcp) reads its route ends by it too. */
export const LAT_LON = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/** `lat,lon[:icon-or-sidc][:label][:labelPosition][:size]`, entries split by `;`. */
function parseMarkers(text: string): Array<Record<string, string>> {
  return text
    .split(';')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const [where, symbol = '', label = '', labelPosition = '', size = ''] = entry
        .split(':')
        .map((part) => part.trim());
      const at = LAT_LON.exec(where);
      if (!at)
        throw new ApiError(
          'invalid_field',
          `marker "${entry}" does not start with lat,lon (e.g. 44.43,26.10:pin:Bucharest:right)`,
          'markers',
        );
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
  return text
    .split(';')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const [ends, ...options] = entry.split(':').map((part) => part.trim());
      const [from, to, extra] = ends.split('>').map((end) => end.trim());
      if (!from || !to || extra !== undefined) {
        throw new ApiError(
          'invalid_field',
          `route "${entry}" is not from>to (a region id or lat,lon each, e.g. DE>BR or 44.43,26.10>52.52,13.40)`,
          'routes',
        );
      }
      const route: Record<string, unknown> = {};
      for (const [key, end] of [
        ['from', from],
        ['to', to],
      ] as const) {
        const at = LAT_LON.exec(end);
        route[key] = end;
        if (at) route[`${key}LatLon`] = [at[1], at[2]];
      }
      for (const option of options.filter(Boolean)) {
        const lower = option.toLowerCase();
        if (option.startsWith('#')) route.color = option;
        else if (/^\d+(\.\d+)?$/.test(option)) route.width = option;
        else if ((ROUTE_STYLES as readonly string[]).includes(lower)) route.style = lower;
        else if (lower === 'arrow') route.arrow = true;
        else if ((ROUTE_MODES as readonly string[]).includes(lower)) route.mode = lower;
        else {
          throw new ApiError(
            'invalid_field',
            `route "${entry}": option "${option}" is not a #rrggbb colour, a width, solid/dashed/dotted, arrow or sea`,
            'routes',
          );
        }
      }
      return route;
    });
}

function parseIdList(text: string): RawRegion[] {
  return text
    .split(/[,;]/)
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => ({ id, value: null }));
}

const commaList = (text: string) => text.split(',').map((item) => item.trim());

export const DATA_QUERY: QueryForm & { name: string; notBoth: string } = {
  name: 'data',
  description:
    `Region data: \`id:value[:#rrggbb]\` pairs split by \`,\` or \`;\` (at most ${LIMITS.regions}). The value is a number, ` +
    `a text category (at most ${LIMITS.categoryLength} characters; turns \`colorScale\` to \`categorical\`) or empty (\`id:\` highlights); ` +
    '`id:#rrggbb` paints a flat colour. Numbers mixed with text, or a malformed pair: 400 `invalid_data`. GET only: POST sends `regions`.',
  example: 'US:200,CN:150:#ff0000,IN:80',
  read: (text: string) => parseDataPairs(text),
  notBoth: 'give either data (id:value pairs) or regions (ids to highlight), not both',
};

export const REGIONS_QUERY: QueryForm = {
  description: `region ids to highlight, split by \`,\` or \`;\` (at most ${LIMITS.regions}). Not together with \`data\` (400 \`invalid_data\`).`,
  example: ['RO', 'DE', 'FR'],
  commaList: { type: 'array', items: { type: 'string' }, maxItems: LIMITS.regions },
  read: parseIdList,
};

export const PATTERNS_QUERY: QueryForm = {
  description: '`id:pattern` pairs split by `,` or `;`.',
  example: 'DE:stripes,IT:dots',
  read: (text) =>
    parsePairs(text, 'patterns', /[,;]/, 'pattern (e.g. DE:stripes)').map((p) => ({ id: p.id, pattern: p.text })),
};

export const ANNOTATIONS_QUERY: QueryForm = {
  description: '`id:text` pairs split by `,`; only the first `:` of a pair splits, so the text may hold `:`.',
  example: 'DE:Largest EU economy',
  read: (text) =>
    parsePairs(text, 'annotations', /,/, 'text (e.g. US:Largest economy)').map((p) => ({
      id: p.id,
      annotation: p.text,
    })),
};

export const PROPORTIONAL_QUERY: QueryForm = {
  description: '`id:value[:#rrggbb]` pairs split by `,` or `;`, numbers only.',
  example: 'US:330,CN:1400,IN:1380',
  read: (text) => parseDataPairs(text, 'proportional'),
};

export const LABELS_QUERY: QueryForm = {
  description: '`ISO`, or region ids split by `,`.',
  example: 'ISO',
  read: (text) => (text.trim().toUpperCase() === 'ISO' ? 'ISO' : commaList(text).filter(Boolean)),
};

export const MARKERS_QUERY: QueryForm = {
  description:
    `\`lat,lon[:icon-or-sidc][:label][:labelPosition][:size]\`, entries split by \`;\` (at most ${LIMITS.markers}); ` +
    'a symbol of digits only is a `sidc`.',
  example: '44.43,26.10:pin:Bucharest:right;30.04,31.24:10031000001211000000:Unit',
  read: parseMarkers,
};

export const ROUTES_QUERY: QueryForm = {
  description:
    `\`from>to[:option]...\`, entries split by \`;\` (at most ${LIMITS.routes}); each end a region id or \`lat,lon\`; ` +
    'options in any order: a `#rrggbb` colour, a number (width), `solid`/`dashed`/`dotted`, `arrow`, `sea`.',
  example: 'DE>BR:#60a5fa:2:dashed:arrow',
  read: parseRoutes,
};

export const BREAKS_QUERY: QueryForm = {
  description: 'numbers split by `,`.',
  example: [10, 30, 60],
  commaList: true,
  read: commaList,
};
export const BBOX_QUERY: QueryForm = {
  description: '`minLon,minLat,maxLon,maxLat`.',
  example: [-12, 34, 32, 60],
  commaList: true,
  read: commaList,
};

// The map tools' arguments as a render request in the interface's JSON, which the service then normalises and
// writes as a GET URL itself: no tool writes the URL grammar by hand. A map URL given back (add_layers) is read by
// the service's own GET parser, so the URL is the map's whole state; a stored map's URL (a map no URL could say)
// stands for the request stored under its id.
import { parseQuery } from '../request/get-grammar.ts';
import { LAT_LON } from '../request/query-readers.ts';
import { FIELD_NAMES } from '../request/schema.ts';
import { STORED_MAP_ID } from '../store/stored-form.ts';
import { ToolError, type MapService } from './map-service.ts';
import { CREATE_MAP_FIELDS } from './tool-schemas.ts';

type Args = Record<string, unknown>;
type Item = Record<string, unknown>;

const list = (args: Args, name: string): Item[] => {
  const given = args[name];
  if (given === undefined) return [];
  if (!Array.isArray(given) || !given.every((item) => typeof item === 'object' && item !== null))
    throw new ToolError(`${name} must be a list of objects`, name);
  return given as Item[];
};

/** `extra`: parameters as a GET query writes them, read by the service's GET parser. */
function extraFields(extra: unknown): Record<string, unknown> {
  if (extra === undefined) return {};
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra))
    throw new ToolError('extra must be an object of parameters, as a GET query writes them', 'extra');
  const query = new URLSearchParams(
    Object.entries(extra).map(([name, value]): [string, string] => [name, String(value)]),
  );
  return parseQuery(query.toString(), FIELD_NAMES);
}

/** create_map's `values` and `highlight` as the request's regions. */
function regions(args: Args): Item[] {
  const given = list(args, 'values').map((item, i) => {
    const { id, value, color, category } = item;
    if (value !== undefined && category !== undefined)
      throw new ToolError(
        `values[${i}] (${String(id)}) has both a value and a category: a map shows one`,
        `values[${i}]`,
      );
    if (value === undefined && category === undefined && color === undefined)
      throw new ToolError(
        `values[${i}] (${String(id)}) has no value, color or category: give it one, or list it in highlight`,
        `values[${i}]`,
      );
    return { id, value: value ?? category, ...(color !== undefined ? { color } : {}) };
  });
  const highlight = args.highlight;
  if (highlight !== undefined && !Array.isArray(highlight))
    throw new ToolError('highlight must be a list of ids', 'highlight');
  return [...given, ...((highlight as unknown[] | undefined) ?? []).map((id) => ({ id }))];
}

export function createMapRequest(args: Args): Record<string, unknown> {
  const request: Record<string, unknown> = { scope: args.scope };
  const data = regions(args);
  if (data.length) request.regions = data;
  for (const name of CREATE_MAP_FIELDS) if (args[name] !== undefined) request[name] = args[name];
  // the hosted service's tool takes the box as text, the request as numbers: the text is read as GET reads it
  if (typeof args.bbox === 'string')
    Object.assign(request, parseQuery(`bbox=${encodeURIComponent(args.bbox)}`, FIELD_NAMES));
  else if (args.bbox !== undefined) request.bbox = args.bbox;
  // last, so that a caller may override anything above on purpose
  return { ...request, ...extraFields(args.extra) };
}

/** The request of a map URL this service gave (its svg_url or png_url): its query without the signature, or the
 *  request a stored map's id holds. */
async function mapRequest(service: MapService, map: unknown): Promise<Record<string, unknown>> {
  let url: URL;
  try {
    url = new URL(String(map));
  } catch {
    throw new ToolError('map must be the svg_url of a map made before (an absolute URL)', 'map');
  }
  const stored = /\/maps\/([^/.]+)(?:\.[a-z]+)?$/.exec(url.pathname)?.[1];
  if (stored !== undefined && STORED_MAP_ID.test(stored)) return service.storedRequest(stored);
  if (!/\/map\.[a-z]+$/.test(url.pathname))
    throw new ToolError(`map must be a map URL (…/map.svg?… or …/maps/{id}.svg), not ${url.pathname}`, 'map');
  for (const name of ['k', 't', 'src']) url.searchParams.delete(name);
  return parseQuery(url.searchParams.toString(), FIELD_NAMES);
}

/** A route end as text, or a position when it is `lat,lon` (as GET reads one). */
function routeEnds(route: Item): Item {
  const { sea, ...rest } = route;
  const out: Item = { ...rest, ...(sea === true ? { mode: 'sea' } : {}) };
  for (const end of ['from', 'to'] as const) {
    const at = typeof route[end] === 'string' ? LAT_LON.exec(route[end]) : null;
    if (at) out[`${end}LatLon`] = [Number(at[1]), Number(at[2])];
  }
  return out;
}

export async function addLayersRequest(service: MapService, args: Args): Promise<Record<string, unknown>> {
  const request = await mapRequest(service, args.map);
  const append = (name: string, items: Item[]) => {
    if (items.length) request[name] = [...((request[name] as Item[] | undefined) ?? []), ...items];
  };
  append('markers', list(args, 'markers'));
  append('routes', list(args, 'routes').map(routeEnds));
  append('proportional', list(args, 'proportional'));
  append('patterns', list(args, 'patterns'));
  append(
    'annotations',
    list(args, 'annotations').map(({ id, text, annotation }) => ({ id, annotation: annotation ?? text })),
  );
  if (args.labels !== undefined) request.labels = args.labels;
  return request;
}

// The tools, named, shaped and described as the hosted service's assistant server has them (DECISIONS §13), plus
// list_regions. A request the service refuses is a tool result with `isError` whose text is the service's own 400
// message (the field, the closest valid values), so that the model corrects it; never a protocol failure.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { normaliseKey } from '../../topology/catalogue.ts';
import { catalogue } from './catalogues.ts';
import { addLayersRequest, createMapRequest } from './map-arguments.ts';
import { mapResult } from './map-result.ts';
import { ToolError, type MapService } from './map-service.ts';
import {
  ADD_LAYERS_INPUT,
  CREATE_MAP_INPUT,
  DESCRIBE_KINDS,
  DESCRIBE_OPTIONS_INPUT,
  FIND_PLACES_INPUT,
  LIST_REGIONS_INPUT,
  MAP_OUTPUT,
  PLACES_OUTPUT,
  type DescribeKind,
} from './tool-schemas.ts';

type Args = Record<string, unknown>;

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const TOOLS: Tool[] = [
  {
    name: 'create_map',
    title: 'Create a map',
    description:
      'Make a static map (a choropleth of values by region, a map of categories, regions painted or highlighted) and ' +
      'return its URLs with a rendered preview. The map is its URL: svg_url draws the same image for good, embeds in ' +
      'an <img> without JavaScript, and is what add_layers takes.\n\nRegion ids: ISO 3166-1 alpha-2 on scope "world" ' +
      '("US", "DE"), ISO 3166-2 inside a country ("RO-CJ", "DE-BY"); names and other codes are read too. Call ' +
      "list_regions to map a table's names to ids first. Values are numbers or categories, never both in one map.\n\n" +
      'Not for interactive maps, directions or street detail.',
    inputSchema: CREATE_MAP_INPUT as Tool['inputSchema'],
    outputSchema: MAP_OUTPUT as Tool['outputSchema'],
    annotations: READ_ONLY,
  },
  {
    name: 'add_layers',
    title: 'Add layers to a map',
    description:
      'Add markers, routes, proportional circles, pattern fills, annotations or labels to a map made before, and ' +
      'return the new URLs. Everything already on the map is kept: this appends, so a map is built over several ' +
      'turns.\n\nResolve coordinates with find_places before placing a marker: guessed coordinates land in the wrong ' +
      'place and the map does not complain. Use sea routes for shipping: they follow the lanes through Suez, Panama ' +
      'and Malacca instead of crossing land.',
    inputSchema: ADD_LAYERS_INPUT as Tool['inputSchema'],
    outputSchema: MAP_OUTPUT as Tool['outputSchema'],
    annotations: READ_ONLY,
  },
  {
    name: 'find_places',
    title: 'Find a place',
    description:
      'Resolve a place name to its coordinates and the region ids the maps use: countries, regions, cities, airports ' +
      'and ports, best match first. Use it before placing any marker or route end: coordinates recalled from memory ' +
      'are often wrong by degrees.',
    inputSchema: FIND_PLACES_INPUT as Tool['inputSchema'],
    outputSchema: PLACES_OUTPUT as Tool['outputSchema'],
    annotations: READ_ONLY,
  },
  {
    name: 'describe_options',
    title: 'List what the service accepts',
    description:
      'The accepted values of scopes, themes, marker icons, projections and pattern fills, or the URL grammar. The ' +
      'same lists are resources; this tool is for hosts that do not read resources. Check here rather than guess a name.',
    inputSchema: DESCRIBE_OPTIONS_INPUT as Tool['inputSchema'],
    annotations: READ_ONLY,
  },
  {
    name: 'list_regions',
    title: 'List the regions of a scope',
    description:
      "The ids, names and aliases of a scope's regions, searchable (case and accents ignored): map the names in a " +
      'table to the ids create_map takes before drawing.',
    inputSchema: LIST_REGIONS_INPUT as Tool['inputSchema'],
    annotations: READ_ONLY,
  },
];

const asJson = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});

const text = (value: unknown, name: string): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ToolError(`${name} must be text`, name);
  return value;
};

async function listRegions(service: MapService, args: Args): Promise<CallToolResult> {
  const scope = text(args.scope, 'scope');
  if (!scope) throw new ToolError('scope is required (list_regions {scope: "world"})', 'scope');
  const query = normaliseKey(text(args.query, 'query') ?? '');
  const limit = typeof args.limit === 'number' && args.limit >= 1 ? Math.min(Math.floor(args.limit), 500) : 100;
  const found = await service.regions(scope);
  const matching = found.regions.filter(
    (r) => !query || [r.id, r.name, ...r.aliases].some((spelling) => normaliseKey(spelling).includes(query)),
  );
  return asJson({
    scope: found.scope,
    total: matching.length,
    regions: matching.slice(0, limit).map(({ id, name, aliases }) => ({ id, name, aliases })),
  });
}

async function findPlaces(service: MapService, args: Args): Promise<CallToolResult> {
  const query = new URLSearchParams({ q: text(args.query, 'query') ?? '' });
  for (const name of ['kind', 'country'] as const) if (args[name] !== undefined) query.set(name, String(args[name]));
  if (args.limit !== undefined) query.set('limit', String(args.limit));
  const found = await service.places(query);
  return { ...asJson(found), structuredContent: found };
}

async function describeOptions(service: MapService, args: Args): Promise<CallToolResult> {
  const kind = DESCRIBE_KINDS.find((k) => k === args.kind);
  if (!kind) throw new ToolError(`kind must be one of ${DESCRIBE_KINDS.join(', ')}`, 'kind');
  return asJson(await catalogue(kind satisfies DescribeKind, service));
}

/** A tool's answer; a refusal as `isError`. Anything else thrown is the caller's to log (a bug, not bad input). */
export async function callTool(service: MapService, name: string, args: Args = {}): Promise<CallToolResult> {
  try {
    switch (name) {
      case 'create_map': {
        const request = createMapRequest(args);
        return await mapResult(service, request, await service.prepare(request), text(args.title, 'title'));
      }
      case 'add_layers': {
        const request = await addLayersRequest(service, args);
        return await mapResult(service, request, await service.prepare(request), request.title as string | undefined);
      }
      case 'find_places':
        return await findPlaces(service, args);
      case 'describe_options':
        return await describeOptions(service, args);
      case 'list_regions':
        return await listRegions(service, args);
      default:
        throw new ToolError(`no tool ${name}: the tools are ${TOOLS.map((t) => t.name).join(', ')}`);
    }
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    const where = error.field ? ` (field ${error.field})` : '';
    return {
      isError: true,
      content: [{ type: 'text', text: `${error.code ? `${error.code}: ` : ''}${error.message}${where}` }],
    };
  }
}

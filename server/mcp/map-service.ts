// What the tools need of a map service, whichever it is: the service's own process (`/mcp`, local-service.ts) or
// a running service reached over HTTP (`npm run mcp`, remote-service.ts). Both answer alike, so the tools are
// written once.
import type { RegionEntry } from '../../topology/catalogue.ts';

/** A request the service refused, as its 400/404/422 JSON says: the code, the message naming the closest valid
 *  values, the field. The tools answer it as a tool error (`isError`), never as a protocol failure. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly field?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A request as the service would draw it. */
export interface Prepared {
  /** the GET URL's path and query that draws it, `/map.svg?scope=world&…`; null where a URL cannot say the map (a
   *  text holding the grammar's separators, a URL over the length the service reads): the map is stored then */
  get: string | null;
  unknownIds: string[];
  unknownRoutes: string[];
  /** the closest known id to unknown ones */
  suggestions: Array<{ given: string; id: string }>;
}

export interface ScopeSummary {
  id: string;
  name: string;
  kind: string;
  regionKind: string;
  regionCount: number;
  defaultProjection: string;
}

/** Where the links point and how they are signed. */
export interface Links {
  /** absolute, without a trailing slash: PUBLIC_URL, else the request's origin (or MAP_SERVICE_URL) */
  base: string;
  /** the key the URLs are signed with (§12), when one is configured */
  key?: string;
  /** KEY_PREFIX: what the key begins with */
  prefix: string;
}

export interface MapService {
  links: Links;
  /** the request (the interface's JSON) normalised, as GET can say it; a refusal is a ToolError */
  prepare(request: Record<string, unknown>): Promise<Prepared>;
  /** the PNG of `/map.png?<query>`, or of a request (the interface's JSON) */
  png(map: string | Record<string, unknown>): Promise<Buffer>;
  /** stores a request as POST /maps does, for a map a URL cannot say (DECISIONS §10): the stored map's id */
  store(request: Record<string, unknown>): Promise<string>;
  /** the request a stored map holds (GET /maps/{id}), for add_layers to add to; not stored is a ToolError */
  storedRequest(id: string): Promise<Record<string, unknown>>;
  scopes(): Promise<ScopeSummary[]>;
  /** a scope's regions (canonical scope id too); an unknown scope is a ToolError naming the closest */
  regions(scope: string): Promise<{ scope: string; regions: RegionEntry[] }>;
  /** GET /places's answer for these parameters; a ToolError when the service has no place look-up */
  places(query: URLSearchParams): Promise<{ places: unknown[] }>;
}

/** The warnings a tool returns, in words a model acts on. */
export function warningsOf(prepared: Prepared): string[] {
  const warnings: string[] = [];
  if (prepared.unknownIds.length) {
    const closest = new Map(prepared.suggestions.map((s) => [s.given, s.id]));
    const listed = prepared.unknownIds.map((id) => (closest.has(id) ? `${id} (did you mean ${closest.get(id)}?)` : id));
    warnings.push(
      `these ids are not regions of the scope and were left off the map: ${listed.join(', ')}; list_regions gives the ids`,
    );
  }
  if (prepared.unknownRoutes.length)
    warnings.push(
      `these routes have an end that is no place of the map and were not drawn: ${prepared.unknownRoutes.join(', ')}`,
    );
  return warnings;
}

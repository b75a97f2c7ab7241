// Data the map cannot place (DECISIONS §10): the user hears of it where they look. A request none of whose
// regions resolve is refused (422 `no_known_ids`, with the closest ids), never answered with an empty map; with
// `strict=true` anything left out (an unknown id, a route with an unknown end, a line skipped around a table) is a
// 422 `unplaced_data` naming it instead of a warning.
import { ApiError } from '../errors.ts';
import { geoWarnings } from '../http/geo-warnings.ts';
import { flag } from './schema-parts.ts';

// no yup default: the normalised request does not carry it, and the document's defaults are the request's
export const strict = flag('strict').meta({
  description:
    'Default `false`. Anything that cannot be placed or read (an unknown region id, a route with an unknown end, a line skipped around a CSV table) is a 422 `unplaced_data` naming it, instead of a map with a warning in `X-Geo-Warnings`.',
  example: true,
});

/** Names listed in a message, at most this many. */
const LISTED = 5;

const listed = (names: string[]) =>
  names.slice(0, LISTED).join(', ') + (names.length > LISTED ? ` and ${names.length - LISTED} more` : '');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface Unplaced {
  scope: string;
  /** region items given, and whether none of them is a region of the scope */
  given: number;
  noneKnown: boolean;
  /** ids the scope does not know, as written */
  unknownIds: string[];
  unknownRoutes: string[];
  skippedLines: string[];
  /** the closest known id to one the scope does not know */
  suggest: (raw: string) => string | undefined;
}

/** Refuses a request whose regions all fail to resolve, and with `strict` one that leaves anything out. */
export function refuseUnplaced(unplaced: Unplaced, isStrict = false): void {
  const { scope, given, noneKnown, unknownIds, unknownRoutes, skippedLines, suggest } = unplaced;
  const headers = () => {
    const warnings = geoWarnings({ unknownIds, unknownRoutes, hiddenLabels: [], notDrawn: [], skippedLines });
    return warnings ? { 'X-Geo-Warnings': warnings } : undefined;
  };
  const named = (ids: string[]) =>
    listed(
      ids.map((raw) => {
        const closest = suggest(raw);
        return `${JSON.stringify(raw)}${closest ? ` (closest: ${closest})` : ''}`;
      }),
    );
  if (given > 0 && noneKnown) {
    throw new ApiError(
      'no_known_ids',
      `none of the ${plural(given, 'region', 'regions')} is a region of scope ${scope}: ${named(unknownIds)}; GET /scopes/${scope} lists the ids`,
      'regions',
      headers(),
    );
  }
  if (!isStrict) return;
  const left = [
    unknownIds.length
      ? `${plural(unknownIds.length, 'region id is', 'region ids are')} not known in scope ${scope}: ${named(unknownIds)}`
      : '',
    unknownRoutes.length
      ? `${plural(unknownRoutes.length, 'route has', 'routes have')} an unknown end: ${listed(unknownRoutes)}`
      : '',
    skippedLines.length ? `file lines around the table were not read: ${skippedLines.join(', ')}` : '',
  ].filter(Boolean);
  if (left.length)
    throw new ApiError(
      'unplaced_data',
      `strict: ${left.join('; ')}; leave strict out to draw the map without them`,
      unknownIds.length ? 'regions' : unknownRoutes.length ? 'routes' : 'body',
      headers(),
    );
}

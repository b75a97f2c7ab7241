// The `division` field (DECISIONS §10): which official level of a two-level scope a request draws, where its ids
// alone cannot tell (INSEE's `84` is a région and a département). division.ts reads it against the scope.
import { plainText } from './schema-parts.ts';

/** Longer than any level's name (`council-areas`). */
const LEVEL_NAME_LENGTH = 32;

// no yup default: without it, the request's ids choose the level
export const division = plainText('division', LEVEL_NAME_LENGTH).meta({
  description:
    "The level to draw where a scope has two: `regions` or `departments` (FR), `communities` or `provinces` (ES), `regions` or `provinces` (IT), `nations` or `council-areas` (GB), `states` or `counties` (US); a scope of one level takes its own (`countries` on `world` and the groups, `states` on `DE`). Needed where a code means a unit on each (INSEE's `84` is Auvergne-Rhône-Alpes and Vaucluse; INE's `01` Andalusia and Álava). Default: chosen by the ids; `GET /scopes` lists each scope's levels. docs/region-codes.md lists the codes each level takes.",
  // valid on the scope the document's examples draw (world)
  example: 'countries',
});

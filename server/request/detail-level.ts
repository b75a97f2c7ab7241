// The detail of the outlines when the request names no `level` (DECISIONS §11): the scope's default is the least
// a map gets, and a map that spreads the scope over more pixels takes finer outlines, as a desk would not print
// Natural Earth's 1:110m coasts on a poster or a zoom on the Alps. What counts is the pixels across the scope:
// the output's device width, times how far a `bbox` zooms into the world.
import type { Level, MapSpec } from '../../renderer-page/spec.ts';
import { LEVELS } from '../../shared/lists.ts';

/** Pixels across the scope from which a map takes one level finer than the scope's default, and two. A world map
 *  at 2,400 px (a 1,200 px map at scale 2) shows 1:110m's angular coasts; 12,000 px across the world is a map of
 *  a continent at 1,600 px. */
const FINER = [2400, 12000];

/** How many times a `bbox` magnifies a world map: 360° over the box's width in longitude. Other scopes are
 *  zoomed only by their output's size (the catalogue keeps no extent of theirs to compare with). */
function zoom(scope: string, bbox: MapSpec['bbox'], bboxGiven: boolean): number {
  if (scope !== 'world' || !bbox || !bboxGiven) return 1;
  const [west, , east] = bbox;
  const span = east >= west ? east - west : east + 360 - west;
  return span > 0 ? Math.max(1, 360 / span) : 1;
}

export function detailLevel(
  given: Level | undefined,
  scopeDefault: Level,
  { scope, bbox, width, scale }: Pick<MapSpec, 'scope' | 'bbox' | 'width' | 'scale'>,
  bboxGiven: boolean,
): Level {
  if (given) return given;
  const across = width * scale * zoom(scope, bbox, bboxGiven);
  const steps = FINER.filter((pixels) => across >= pixels).length;
  return LEVELS[Math.min(LEVELS.length - 1, LEVELS.indexOf(scopeDefault) + steps)];
}

// The detail of the outlines when the request names no `level` (DECISIONS §11): the scope's default is the least
// a map gets, and a map that spreads the scope over more pixels takes finer outlines, as a desk would not print
// Natural Earth's 1:110m coasts on a poster or a zoom on the Alps. What counts is the pixels across the scope:
// the output's device width, times how far a `bbox` zooms into it.
import type { ScopeCatalogue } from '../../topology/catalogue.ts';
import type { Level, MapSpec } from '../../renderer-page/spec.ts';
import { LEVELS } from '../../shared/lists.ts';

/** Pixels across the scope from which a map takes one level finer than the scope's default, and two. A world map
 *  at 2,400 px (a 1,200 px map at scale 2) shows 1:110m's angular coasts; 12,000 px across the world is a map of
 *  a continent at 1,600 px. */
const FINER = [2400, 12000];

type Scope = Pick<ScopeCatalogue, 'kind' | 'defaultLevel' | 'detailSpan'>;

/** The degrees of longitude across a box, which the map's width spans. */
function side([west, , east]: NonNullable<MapSpec['bbox']>): number {
  return east >= west ? east - west : east + 360 - west;
}

/** The degrees a scope's levels are made for a map across: the world's for the world and the groups, whose levels
 *  are Natural Earth's own scales (1:110m for a world map, …), a country's largest part's (the build's), or none
 *  known (Romania's, a custom or an operator's scope). */
function madeFor({ kind, detailSpan }: Scope): number | undefined {
  return kind === 'world' || kind === 'group' ? 360 : detailSpan;
}

/** The finer of the level an output of `across` pixels takes over `base` and the scope's default. */
function finer(base: Level, across: number, scopeDefault: Level): Level {
  const steps = FINER.filter((pixels) => across >= pixels).length;
  const index = Math.min(LEVELS.length - 1, LEVELS.indexOf(base) + steps);
  return LEVELS[Math.max(index, LEVELS.indexOf(scopeDefault))]!;
}

export function detailLevel(
  given: Level | undefined,
  scope: Scope,
  { bbox, width, scale }: Pick<MapSpec, 'bbox' | 'width' | 'scale'>,
  bboxGiven: boolean,
): Level {
  if (given) return given;
  const pixels = width * scale;
  const whole = finer(scope.defaultLevel, pixels, scope.defaultLevel);
  const span = madeFor(scope);
  if (!bboxGiven || !bbox || !span || side(bbox) <= 0) return whole;
  // a zoom: the pixels the whole scope would span at the box's scale. The world's levels (and a group's, of the
  // same sources) are steps from its coarsest, 1:110m; a country's from its default, made for its whole map.
  const across = (pixels * span) / side(bbox);
  const zoomed = finer(scope.kind === 'country' ? scope.defaultLevel : LEVELS[0]!, across, scope.defaultLevel);
  return LEVELS[Math.max(LEVELS.indexOf(whole), LEVELS.indexOf(zoomed))]!;
}

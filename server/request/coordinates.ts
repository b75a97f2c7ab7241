// GeoJSON coordinates checked by hand, with the messages of the schemas that document them (shape-schema.ts):
// yup took some 2 µs a position, half a second for the 200,000 positions a 4 MB body holds. This takes a fifth of
// that or less, and a large body is read off the event loop anyway (body-threads.ts). It also counts the positions,
// which a request may hold only so many of.
import { ApiError } from '../errors.ts';
import { LIMITS } from './schema-parts.ts';

export const GEOMETRY_TYPES = ['Point', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] as const;
export type GeometryType = (typeof GEOMETRY_TYPES)[number];

export const POSITION = 'must be a position [lon, lat]';
export const isPosition = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length >= 2 && v.length <= 3 && v.every((n) => typeof n === 'number' && Number.isFinite(n));
export const onTheGlobe = ([lon, lat]: number[]) => Math.abs(lon!) <= 180 && Math.abs(lat!) <= 90;
export const offTheGlobe = (path: string, [lon, lat]: number[]) =>
  `${path} [${lon}, ${lat}] is outside lon -180..180, lat -90..90`;

/** What each level of nesting above the positions must hold, outermost first. */
interface Nesting {
  min: number;
  /** said after the path when it holds fewer */
  fewer: string;
}
const NOT_EMPTY: Nesting = { min: 1, fewer: 'must not be empty' };
const LINE: Nesting = { min: 2, fewer: 'must hold at least 2 positions' };
const RING: Nesting = { min: 4, fewer: 'must be a closed ring of at least 4 positions' };
export const NESTING: Record<GeometryType, Nesting[]> = {
  Point: [],
  LineString: [LINE],
  MultiLineString: [NOT_EMPTY, LINE],
  Polygon: [NOT_EMPTY, RING],
  MultiPolygon: [NOT_EMPTY, NOT_EMPTY, RING],
};

/** Counts the positions of a request's geometry against a limit, LIMITS.positions unless given. */
export class PositionBudget {
  private used = 0;

  constructor(private readonly limit: number = LIMITS.positions) {}

  /** `count` more positions, at `field`; over the limit, 400 too_many_items naming the field. */
  spend(count: number, field: string): void {
    this.used += count;
    if (this.used > this.limit)
      throw new ApiError(
        'too_many_items',
        `${field} takes the request past ${this.limit.toLocaleString('en')} positions (shapes and geometry together, TopoJSON's arcs counted where they are used); simplify the geometry`,
        field,
      );
  }
}

/** Null when `value` is `type` coordinates on the globe, else where it is not and why. */
export function coordinatesProblem(type: GeometryType, value: unknown, path: string): [string, string] | null {
  const nesting = NESTING[type];
  const walk = (v: unknown, depth: number, at: string): [string, string] | null => {
    if (depth === nesting.length) {
      if (!isPosition(v)) return [at, `${at} ${POSITION}`];
      return onTheGlobe(v) ? null : [at, offTheGlobe(at, v)];
    }
    if (!Array.isArray(v)) return [at, `${at} must be an array (${type} coordinates)`];
    if (v.length < nesting[depth]!.min) return [at, `${at} ${nesting[depth]!.fewer}`];
    for (let i = 0; i < v.length; i++) {
      const problem = walk(v[i], depth + 1, `${at}[${i}]`);
      if (problem) return problem;
    }
    return null;
  };
  return walk(value, 0, path);
}

/** The positions of checked `type` coordinates. */
function positionCount(type: GeometryType, value: unknown): number {
  const count = (v: unknown, depth: number): number => {
    if (depth === NESTING[type].length) return 1;
    let n = 0;
    for (const item of v as unknown[]) n += count(item, depth + 1);
    return n;
  };
  return count(value, 0);
}

/** The coordinates of a `type` geometry at `field`, checked (400 invalid_field naming the position at fault),
 *  counted against `budget`, with every position as `[lon, lat]` (an altitude dropped). */
export function checkedCoordinates(type: GeometryType, value: unknown, field: string, budget: PositionBudget): unknown {
  const problem = coordinatesProblem(type, value, field);
  if (problem) throw new ApiError('invalid_field', problem[1], problem[0]);
  budget.spend(positionCount(type, value), field);
  const positions = (v: unknown): unknown => (isPosition(v) ? [v[0], v[1]] : (v as unknown[]).map(positions));
  return positions(value);
}

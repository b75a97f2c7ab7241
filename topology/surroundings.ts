// The land drawn muted around a scope, from the same source as its regions and in one topology with them: a
// border the scope shares with a neighbour is one arc, simplified once, so the two sides coincide at every level
// (no white slivers where two sources' lines part). The neighbours are whole countries, never cut by a straight
// line: their borders with the scope are the scope's own arcs; their coasts and other borders keep what two pixels
// show near the scope (or the subject's detail, when that is coarser), and less with the distance from it, so that
// the land a frame may show far away costs few points.

import { geoBounds } from 'd3';
import type { Feature, FeatureCollection } from 'geojson';
import { feature, mergeArcs } from 'topojson-client';
import { topology } from 'topojson-server';
import { presimplify } from 'topojson-simplify';
import type { GeometryCollection, GeometryObject, Objects, Topology } from 'topojson-specification';
import type { Areal } from './topo-tools.js';

export type Bounds = [[number, number], [number, number]];

/** A piece of a country as one source draws it (an admin-1 unit, or a whole country), with its bounds. */
export interface LandUnit {
  /** the country's id: pieces of one country are dissolved into one outline */
  id: string;
  feature: Feature;
  bounds: Bounds;
}

export function landUnit(id: string, feature: Feature): LandUnit {
  return { id, feature, bounds: geoBounds(feature) as Bounds };
}

/** The land around a scope at its source's full detail, and where the scope is. */
export interface Surroundings {
  /** the neighbouring countries' parts, each with its country's id (parts of one country are dissolved) */
  features: Feature[];
  /** boxes around the scope's parts, with a margin: land within them keeps the subject's detail */
  near: Bounds[];
  /** the near boxes with half their size more on every side: what a frame of up to 2:1 may show */
  reach: Bounds[];
  /** the side of the largest box, in degrees: the measure of how fast the detail beyond the boxes falls off */
  span: number;
}

/** Longitude spans of bounds, split where they cross the antimeridian (d3 gives west > east there). */
const spans = ([[west], [east]]: Bounds): Array<[number, number]> =>
  west <= east
    ? [[west, east]]
    : [
        [west, 180],
        [-180, east],
      ];

/** The larger side of bounds, in degrees. */
const spanOf = ([[west, south], [east, north]]: Bounds): number =>
  Math.max(east >= west ? east - west : east + 360 - west, north - south);

const wrap = (lon: number) => (lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon);

/** `bounds` grown by `share` of its size and by `degrees` on every side. */
function grow([[west, south], [east, north]]: Bounds, share: number, degrees = 0): Bounds {
  const width = (east >= west ? east - west : east + 360 - west) * share + degrees;
  const height = (north - south) * share + degrees;
  if (width * 2 + (east >= west ? east - west : east + 360 - west) >= 360)
    return [
      [-180, Math.max(-90, south - height)],
      [180, Math.min(90, north + height)],
    ];
  return [
    [wrap(west - width), Math.max(-90, south - height)],
    [wrap(east + width), Math.min(90, north + height)],
  ];
}

export function overlaps(a: Bounds, b: Bounds): boolean {
  if (a[1][1] < b[0][1] || b[1][1] < a[0][1]) return false;
  return spans(a).some(([w1, e1]) => spans(b).some(([w2, e2]) => w1 <= e2 && w2 <= e1));
}

/** The smallest bounds holding both (the shorter way round in longitude). */
function union(a: Bounds, b: Bounds): Bounds {
  const south = Math.min(a[0][1], b[0][1]);
  const north = Math.max(a[1][1], b[1][1]);
  // of the four boxes from either's western edge to either's eastern one, the narrowest that holds both
  const candidates = [a[0][0], b[0][0]].flatMap((west) =>
    [a[1][0], b[1][0]].map((east): Bounds => [
      [west, south],
      [east, north],
    ]),
  );
  const covers = (outer: Bounds, inner: Bounds) =>
    spans(inner).every(([w, e]) => spans(outer).some(([ow, oe]) => ow <= w && e <= oe));
  const fitting = candidates.filter((c) => covers(c, a) && covers(c, b));
  return (
    fitting.sort((x, y) => spanOf(x) - spanOf(y))[0] ?? [
      [-180, south],
      [180, north],
    ]
  );
}

/** Overlapping boxes merged until none overlap: France's mainland is one box, each overseas département one. */
function clusters(boxes: Bounds[]): Bounds[] {
  const merged = [...boxes];
  for (let i = 0; i < merged.length; i++) {
    for (let j = i + 1; j < merged.length; j++) {
      if (!overlaps(merged[i]!, merged[j]!)) continue;
      merged[i] = union(merged[i]!, merged[j]!);
      merged.splice(j, 1);
      j = i;
    }
  }
  return merged;
}

/**
 * The land of `units` but the countries `exclude` around the scope (or the box given), and `extra` (units of the
 * country that are no region). Around means near one of its regions, not within the scope's bounds: France's,
 * overseas départements included, span the globe, and every country would be its neighbour. Near is within 15% of
 * the scope's size (1° to 5°); a frame of another shape than the scope's (up to 2:1) shows more on two sides, so
 * the units reaching within half each box's size more on every side are drawn, whole.
 */
export function surroundingsOf(
  units: readonly LandUnit[],
  exclude: ReadonlySet<string>,
  scope: FeatureCollection | Bounds,
  extra: Feature[],
): Surroundings {
  const bounds = grow(Array.isArray(scope) ? scope : (geoBounds(scope) as Bounds), 0.15);
  const margin = Math.min(5, Math.max(1, spanOf(bounds) * 0.15));
  const near = clusters(Array.isArray(scope) ? [bounds] : partBoxes(scope).map((box) => grow(box, 0, margin)));
  const reach = near.map((box) => grow(box, 0.5));
  const around = units.filter((u) => !exclude.has(u.id) && reach.some((box) => overlaps(u.bounds, box)));
  return {
    features: [
      ...around.map((u) => ({ ...u.feature, id: u.id, properties: {} })),
      ...extra.map((f) => ({ ...f, id: '~extra', properties: {} })),
    ],
    near,
    reach,
    span: Math.max(...near.map(spanOf)),
  };
}

/** The distance in degrees between two longitudes, the shorter way round. */
function apart(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** The bounds of each polygon of the scope's regions (France's overseas départements apart from its mainland,
 *  as the EU's outermost regions apart from Europe), but for specks: a part under a thousandth of the largest's
 *  size lies in another part's margin or has no land around worth detail. */
function partBoxes(scope: FeatureCollection): Bounds[] {
  const parts = scope.features.flatMap((f) => {
    const g = f.geometry;
    if (g?.type === 'Polygon') return [geoBounds(g) as Bounds];
    if (g?.type === 'MultiPolygon')
      return g.coordinates.map((coordinates) => geoBounds({ type: 'Polygon', coordinates }) as Bounds);
    return [];
  });
  const largest = Math.max(...parts.map(spanOf));
  return parts.filter((box) => spanOf(box) >= largest / 1000);
}

/** How far `lon, lat` lies outside `box`, in degrees along a parallel's length (0 inside). Run for every point of
 *  the surroundings: nothing is allocated. */
function outside(lon: number, lat: number, [[west, south], [east, north]]: Bounds): number {
  const dy = lat < south ? south - lat : lat > north ? lat - north : 0;
  const inSpan = west <= east ? lon >= west && lon <= east : lon >= west || lon <= east;
  const dx = inSpan ? 0 : Math.min(apart(lon, west), apart(lon, east)) * Math.cos((lat * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

/** How far a point lies from the nearest of `boxes`. */
function distanceTo(boxes: Bounds[], lon: number, lat: number): number {
  let nearest = Infinity;
  for (const box of boxes) nearest = Math.min(nearest, outside(lon, lat, box));
  return nearest;
}

type Weighted = [number, number, number];

/** Beyond the near boxes, a point must outweigh the threshold near them times (1 + FALL_OFF · distance / span)²: a
 *  pixel at half the scope's size away is 3× coarser, which no frame of up to 2:1 shows at all (the
 *  detail there serves only frames shaped otherwise, at their edges). */
const FALL_OFF = 4;
/** The land around is muted, drawn without data: its coasts lose what is under this many pixels (its borders
 *  with the scope are the scope's own arcs, as detailed as the scope). Every point of it costs the first map of
 *  a scope its decoding and projecting. */
const CONTEXT_PIXEL = 2;

/** One topology of regions and surroundings, presimplified once for every level drawn from it. */
export class Joint {
  private readonly pre: Topology;
  /** arcs any region uses: they keep the regions' detail, on both sides of a shared border */
  private readonly regionArcs = new Set<number>();
  /** every region arc's interior weights, largest first, for a level's vertex budget */
  private readonly weights: number[];
  private readonly regions: GeometryCollection<{ name: string }>;
  private readonly context: GeometryCollection;

  constructor(
    regions: FeatureCollection,
    private readonly around: Surroundings,
  ) {
    const context: FeatureCollection = { type: 'FeatureCollection', features: around.features };
    const joint = topology({ regions, context });
    this.regions = joint.objects.regions as GeometryCollection<{ name: string }>;
    this.context = dissolved(joint, joint.objects.context as GeometryCollection);
    this.pre = presimplify(joint as Topology<Objects>);
    for (const g of this.regions.geometries)
      for (const ring of ringsOf(g)) for (const a of ring) this.regionArcs.add(a < 0 ? ~a : a);
    this.pinSmallRings();
    this.fallOff();
    this.weights = [...this.regionArcs]
      .flatMap((a) => (this.pre.arcs[a] as Weighted[]).map((p) => p[2]).filter(Number.isFinite))
      .sort((a, b) => b - a);
  }

  /** How many points the regions have at full detail. */
  get regionVertices(): number {
    let count = 0;
    for (const a of this.regionArcs) count += this.pre.arcs[a]!.length;
    return count;
  }

  /**
   * The regions with about `keep` (0..1) of their interior points, and the surroundings as detailed near the scope,
   * but never finer than CONTEXT_PIXEL pixels (`pixelArea`: square degrees, a pixel of the map the level is made
   * for), coarser with the distance from the scope.
   */
  level(keep: number, pixelArea: number): { regions: FeatureCollection; context: FeatureCollection } {
    const threshold = keep >= 1 ? 0 : quantile(this.weights, keep);
    const floor = Math.max(threshold, CONTEXT_PIXEL ** 2 * pixelArea);
    const arcs = (this.pre.arcs as Weighted[][]).map((arc, a) => {
      const least = this.regionArcs.has(a) ? threshold : floor;
      return arc.filter((p) => p[2] >= least).map((p) => [p[0], p[1]]);
    });
    const simplified = { ...this.pre, arcs } as Topology;
    return {
      regions: feature(simplified, this.regions) as FeatureCollection,
      context: withoutIds(feature(simplified, this.context) as FeatureCollection),
    };
  }

  /** The surroundings' points lose weight with their distance from the scope, once for every level. */
  private fallOff(): void {
    const { near, span } = this.around;
    (this.pre.arcs as Weighted[][]).forEach((arc, a) => {
      if (this.regionArcs.has(a)) return;
      for (const p of arc) {
        if (p[2] !== Infinity) p[2] /= (1 + (FALL_OFF * distanceTo(near, p[0], p[1])) / span) ** 2;
      }
    });
  }

  /** A ring of one or two arcs (Bucharest is a single closed arc) keeps its strongest interior points, or it
   *  would collapse to a sliver. */
  private pinSmallRings(): void {
    for (const g of this.regions.geometries) {
      for (const ring of ringsOf(g)) {
        if (ring.length > 2) continue;
        for (const a of ring) {
          const arc = this.pre.arcs[a < 0 ? ~a : a] as Weighted[];
          const interior = arc.slice(1, -1).sort((p, q) => q[2] - p[2]);
          for (const p of interior.slice(0, ring.length === 1 ? 2 : 1)) p[2] = Infinity;
        }
      }
    }
  }
}

function ringsOf(g: GeometryObject): number[][] {
  if (g.type === 'Polygon') return g.arcs;
  if (g.type === 'MultiPolygon') return g.arcs.flat();
  return [];
}

/** The weight above which `keep` of `descending` lie, as topojson-simplify's quantile reads it. */
function quantile(descending: number[], keep: number): number {
  const n = descending.length;
  if (n < 2) return descending[0] ?? 0;
  const h = (n - 1) * keep;
  const i = Math.floor(h);
  const a = descending[i]!;
  const b = descending[Math.min(i + 1, n - 1)]!;
  return a + (b - a) * (h - i);
}

/** One geometry per country: its admin-1 units' shared borders dissolved. */
function dissolved(joint: Topology, context: GeometryCollection): GeometryCollection {
  const byCountry = new Map<string, Areal[]>();
  for (const g of context.geometries as Areal[]) {
    const id = String(g.id);
    byCountry.set(id, [...(byCountry.get(id) ?? []), g]);
  }
  return {
    type: 'GeometryCollection',
    geometries: [...byCountry].map(([, parts]) => (parts.length === 1 ? parts[0]! : mergeArcs(joint, parts))),
  };
}

function withoutIds(collection: FeatureCollection): FeatureCollection {
  for (const f of collection.features) delete f.id;
  return collection;
}

// A framing's outlines at a reference scale (reference-outlines.ts), one per size tier: the smallest power of
// two in px at least as large as the map's drawn extent, from 256 px up. Sizes in one tier share one
// projection of the outlines; the tier above has twice the detail, for maps up to twice as large. Kept per
// page, least recently used out first, within a budget in bytes, so that memory does not grow with the
// catalogue nor with the sizes asked for.
import type { GeoProjection, GeoStreamWrapper } from 'd3';
import type { ProjectionBasis } from './projection.ts';
import type { ScopeGeometry, ScopeRegion } from './scope-geometry.ts';
import { record, type Recorded } from './reference-outlines.ts';
import { liesInInsets, mayShow, routedStream } from './inset-routing.ts';

const SMALLEST_TIER = 256;

/** What a scope draws without ids: the land around it, its lakes and those around it. */
export type Unnamed = 'context' | 'lakes' | 'nearbyLakes';
/** Points of every tier kept, in bytes (4 per coordinate): the world's high detail at 2048 px takes about
 *  1.2 MB. */
const BUDGET_BYTES = 32 * 1024 * 1024;
/** An array's own cost beside its points. */
const ARRAY_BYTES = 64;

const tiers = new Map<string, ReferenceOutlines>();
/** the bytes of every tier kept, counted as points are recorded (each first map records thousands of regions) */
let held = 0;

export class ReferenceOutlines {
  /** the reference projection's scale over 150 */
  readonly k: number;
  bytes = 0;
  private readonly projection: GeoProjection;
  /** with insets, each point through the composite's own routing, for the regions that lie in its insets */
  private readonly routed: GeoStreamWrapper | null;
  private readonly regions = new Map<string, Recorded>();
  private readonly unnamed = new Map<Unnamed, Recorded[]>();

  private constructor(
    basis: ProjectionBasis,
    k: number,
    private readonly key: string,
  ) {
    this.k = k;
    this.projection = basis
      .make()
      .scale(150 * k)
      .translate([0, 0]);
    this.routed = basis.hasInsets ? routedStream(this.projection) : null;
  }

  /** The outlines of the framing `key` for a map whose projection is fitted at `k` (scale over 150). */
  static for(key: string, basis: ProjectionBasis, k: number): ReferenceOutlines {
    const [[x0, y0], [x1, y1]] = basis.bounds;
    const side = Math.max(x1 - x0, y1 - y0);
    const tier = 2 ** Math.max(Math.log2(SMALLEST_TIER), Math.ceil(Math.log2(k * side)));
    // a target of no extent (one point) has no scale to share: its own is used
    const reference = Number.isFinite(tier / side) ? tier / side : k;
    const tierKey = `${key}@${tier}`;
    const found = tiers.get(tierKey) ?? new ReferenceOutlines(basis, reference, tierKey);
    tiers.delete(tierKey);
    tiers.set(tierKey, found);
    return found;
  }

  /** The region's outline at the reference scale, recorded when first asked for. The tier keeps no geometry
   *  of its own (the scope's decoded outlines are kept by scope-geometry.ts, within its own bound): the frame
   *  hands in the region, the same for the same key. */
  region({ id, outline }: ScopeRegion): Recorded {
    let recorded = this.regions.get(id);
    if (!recorded) {
      // a region that lies in the insets goes through their routing, else through the projection's stream
      const through = this.routed && liesInInsets(this.projection, outline) ? this.routed : this.projection;
      recorded = this.counted(record(through, outline));
      this.regions.set(id, recorded);
    }
    return recorded;
  }

  /** The neighbouring land, or the lakes, at the reference scale. */
  outlines(geometry: ScopeGeometry, kind: Unnamed): Recorded[] {
    let recorded = this.unnamed.get(kind);
    if (!recorded) {
      recorded = geometry[kind]
        .filter((outline) => !this.routed || mayShow(this.projection, outline))
        .map((outline) => this.counted(record(this.projection, outline)));
      this.unnamed.set(kind, recorded);
    }
    return recorded;
  }

  private counted(recorded: Recorded): Recorded {
    let bytes = 0;
    for (const part of recorded.parts) for (const ring of part.rings) bytes += ring.byteLength + ARRAY_BYTES;
    this.bytes += bytes;
    // a frame may still record through a tier evicted already: its points are no longer the budget's
    if (tiers.get(this.key) !== this) return recorded;
    held += bytes;
    if (held > BUDGET_BYTES) evictBeyondBudget(this);
    return recorded;
  }
}

/** Drops the least recently used tiers (never `current`) while the tiers hold more than the budget. */
function evictBeyondBudget(current: ReferenceOutlines): void {
  for (const [key, outlines] of tiers) {
    if (held <= BUDGET_BYTES) return;
    if (outlines === current) continue;
    tiers.delete(key);
    held -= outlines.bytes;
  }
}

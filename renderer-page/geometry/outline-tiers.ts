// A framing's outlines at a reference scale (reference-outlines.ts), one per size tier: the smallest power of
// two in px at least as large as the map's drawn extent, from 256 px up. Sizes in one tier share one
// projection of the outlines; the tier above has twice the detail, for maps up to twice as large. Kept by the
// page's GeometryStore, least recently used out first, within a budget in bytes, so that memory does not grow
// with the catalogue nor with the sizes asked for.
import type { GeoProjection, GeoStreamWrapper } from 'd3';
import type { ProjectionBasis } from './projection.ts';
import type { ScopeGeometry, ScopeRegion } from './scope-geometry.ts';
import { record, type Recorded } from './reference-outlines.ts';
import { liesInInsets, mayShow, routedStream, streamWithin } from './inset-routing.ts';
import { outlineBounds, type Outline } from './outline.ts';

const SMALLEST_TIER = 256;

/** What a scope draws without ids: the land around it, its lakes and those around it. */
export type Unnamed = 'context' | 'lakes' | 'nearbyLakes';
/** An array's own cost beside its points. */
const ARRAY_BYTES = 64;

/** The tiers a page keeps, within a budget of their points' bytes. */
export class OutlineTiers {
  private readonly tiers = new Map<string, ReferenceOutlines>();
  /** the bytes of every tier kept, counted as points are recorded (each first map records thousands of
   *  regions) */
  private held = 0;

  /** `budget`: the bytes of points kept (4 per coordinate) */
  constructor(private readonly budget: number) {}

  /** The outlines of the framing `key` for a map whose projection is fitted at `k` (scale over 150). */
  for(key: string, basis: ProjectionBasis, k: number): ReferenceOutlines {
    const [[x0, y0], [x1, y1]] = basis.bounds;
    const side = Math.max(x1 - x0, y1 - y0);
    const tier = 2 ** Math.max(Math.log2(SMALLEST_TIER), Math.ceil(Math.log2(k * side)));
    // a target of no extent (one point) has no scale to share: its own is used
    const reference = Number.isFinite(tier / side) ? tier / side : k;
    const tierKey = `${key}@${tier}`;
    const found = this.tiers.get(tierKey) ?? new ReferenceOutlines(basis, reference, tierKey, this);
    this.tiers.delete(tierKey);
    this.tiers.set(tierKey, found);
    return found;
  }

  /** Counts what `outlines` recorded, and drops the least recently used tiers (never `outlines`) while the
   *  tiers hold more than the budget. */
  recorded(outlines: ReferenceOutlines, bytes: number): void {
    // a frame may still record through a tier evicted already: its points are no longer the budget's
    if (this.tiers.get(outlines.key) !== outlines) return;
    this.held += bytes;
    if (this.held <= this.budget) return;
    for (const [evicted, kept] of this.tiers) {
      if (this.held <= this.budget) return;
      if (kept === outlines) continue;
      this.tiers.delete(evicted);
      this.held -= kept.bytes;
    }
  }
}

/** One tier of a framing, made by OutlineTiers.for. */
export class ReferenceOutlines {
  /** the reference projection's scale over 150 */
  readonly k: number;
  bytes = 0;
  private readonly projection: GeoProjection;
  /** with insets, each point through the composite's own routing, for the regions that lie in its insets */
  private readonly routed: GeoStreamWrapper | null;
  private readonly regions = new Map<string, Recorded>();
  private readonly unnamed = new Map<Unnamed, Recorded[]>();

  constructor(
    basis: ProjectionBasis,
    k: number,
    readonly key: string,
    private readonly owner: OutlineTiers,
  ) {
    this.k = k;
    this.projection = basis
      .make()
      .scale(150 * k)
      .translate([0, 0]);
    this.routed = basis.hasInsets ? routedStream(this.projection) : null;
  }

  /** The region's outline at the reference scale, recorded when first asked for. The tier keeps no geometry
   *  of its own (the scope's decoded outlines are kept by the GeometryStore, within their own bound): the frame
   *  hands in the region, the same for the same key. */
  region({ id, outline }: ScopeRegion): Recorded {
    let recorded = this.regions.get(id);
    if (!recorded) {
      // a region that lies in the insets goes through their routing, else through the projection's stream
      const through = this.routed && liesInInsets(this.projection, outline) ? this.routed : this.streamOf(outline);
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
        .map((outline) => this.counted(record(this.streamOf(outline), outline)));
      this.unnamed.set(kind, recorded);
    }
    return recorded;
  }

  /** The projection's stream for `outline`, through only the parts of a composite that may show it. */
  private streamOf(outline: Outline): GeoStreamWrapper {
    return streamWithin(this.projection, () => outlineBounds(outline));
  }

  private counted(recorded: Recorded): Recorded {
    let bytes = 0;
    for (const part of recorded.parts) for (const ring of part.rings) bytes += ring.byteLength + ARRAY_BYTES;
    this.bytes += bytes;
    this.owner.recorded(this, bytes);
    return recorded;
  }
}

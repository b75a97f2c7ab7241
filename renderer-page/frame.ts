// The map's frame: the projection fitted for one (scope, level, projection, bbox, map extent), and what it
// makes of the scope's fixed geometry (region outlines, their polygons, centres and areas, the anchors of
// regions too small to see, the globe, neighbouring land), each computed once when first asked for. Kept
// per page, so a request that changes only data draws from outlines already projected.
import {
  geoGraticule10,
  geoPath,
  type GeoPath,
  type GeoPermissibleObjects,
  type GeoProjection,
  type GeoStreamWrapper,
} from 'd3';
import type { MapSpec } from './spec.ts';
import { geometryKey, type ScopeGeometry, type RegionFeature } from './geometry/scope-geometry.ts';
import { fitProjection, naturalHeight, type Extent } from './geometry/projection.ts';
import { simplifiedProjection } from './geometry/pixel-simplify.ts';
import { relativePath } from './geometry/relative-path.ts';
import { projectedPolygons, visualCentre, type Ring } from './geometry/visual-centre.ts';
import { liesInInsets, routedStream } from './geometry/inset-routing.ts';

type Framing = Pick<MapSpec, 'scope' | 'division' | 'geometry' | 'level' | 'projection' | 'bbox'>;

/** Below this drawn area (px², about a 2.5 px square) a region's outline is a speck or nothing at all, so a
 *  region with data is drawn as a dot instead. Area rather than bounding box: an archipelago of specks spans a
 *  wide box yet shows nothing. */
const VISIBLE_AREA = 6;

/** One way of drawing geometry: the projection, then the sub-pixel filter, as outlines (relative coordinates to
 *  0.1 px) and areas. */
interface Drawing {
  simplified: GeoStreamWrapper;
  outline: (object: GeoPermissibleObjects) => string | null;
  measure: GeoPath;
}

function drawingWith(projection: GeoStreamWrapper): Drawing {
  const simplified = simplifiedProjection(projection);
  return { simplified, outline: relativePath(simplified), measure: geoPath(simplified) };
}

function once<T>(cache: Map<string, T>, key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

export class Frame {
  readonly projection: GeoProjection;
  readonly showsGlobe: boolean;
  /** through the projection's stream */
  private readonly streamed: Drawing;
  /** with insets, through its point routing, for the regions that lie in its insets */
  private readonly routed: Drawing | null;
  private readonly features: Map<string, RegionFeature>;
  private readonly memo = {
    d: new Map<string, string | null>(),
    polygons: new Map<string, Ring[][]>(),
    centre: new Map<string, [number, number] | null>(),
    area: new Map<string, number>(),
    drawing: new Map<string, Drawing>(),
  };
  private statics: { sphere: string | null; context: string[] } | null = null;
  private graticuleOutline: string | null | undefined;

  constructor(
    framing: Framing,
    private readonly geometry: ScopeGeometry,
    private readonly extent: Extent,
  ) {
    const fitted = fitProjection(framing, geometry, extent);
    this.projection = fitted.projection;
    this.showsGlobe = fitted.showsGlobe;
    this.streamed = drawingWith(this.projection);
    this.routed = fitted.hasInsets ? drawingWith(routedStream(this.projection)) : null;
    this.features = new Map(geometry.regions.map((f) => [f.id, f]));
  }

  /** How a region is drawn: routed where it can be, else streamed. */
  private drawing(feature: RegionFeature): Drawing {
    const { routed } = this;
    if (!routed) return this.streamed;
    return once(this.memo.drawing, feature.id, () => (liesInInsets(this.projection, feature) ? routed : this.streamed));
  }

  /** The region's outline as path data, or null when none of it is drawn. */
  regionPath(id: string): string | null {
    return once(this.memo.d, id, () => {
      const feature = this.features.get(id);
      return feature ? this.drawing(feature).outline(feature) : null;
    });
  }

  /** The region's projected polygons, [outer ring, ...holes] each. */
  regionPolygons(id: string): Ring[][] {
    return once(this.memo.polygons, id, () => {
      const feature = this.features.get(id);
      return feature ? projectedPolygons(this.drawing(feature).simplified, feature) : [];
    });
  }

  /** The visual centre of the region's drawn polygons, else (no outline at this level, or none of it
   *  drawn) its projected anchor; null when that is outside the frame too. */
  centre(id: string): [number, number] | null {
    return once(this.memo.centre, id, () => visualCentre(this.regionPolygons(id)) ?? this.anchor(id));
  }

  /** True when the region's drawn outline is too small to see, or missing. */
  tooSmall(id: string): boolean {
    return this.area(id) < VISIBLE_AREA;
  }

  /** Drawn area in px². */
  area(id: string): number {
    return once(this.memo.area, id, () => {
      const feature = this.features.get(id);
      return feature ? this.drawing(feature).measure.area(feature) : 0;
    });
  }

  /** The region's anchor on screen, or null when the projection cannot place it inside the frame. */
  private anchor(id: string): [number, number] | null {
    const anchor = this.geometry.anchors.get(id);
    const point = anchor ? this.projection(anchor.lonLat) : null;
    if (!point || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) return null;
    const [[x0, y0], [x1, y1]] = this.extent;
    return point[0] >= x0 && point[0] <= x1 && point[1] >= y0 && point[1] <= y1 ? point : null;
  }

  /** The globe's outline (when shown) and the neighbouring land. */
  fixed() {
    this.statics ??= {
      sphere: this.showsGlobe ? this.streamed.outline({ type: 'Sphere' }) : null,
      context: this.geometry.context.map((f) => this.streamed.outline(f)).filter((d): d is string => Boolean(d)),
    };
    return this.statics;
  }

  /** The 10° graticule, drawn only when asked for: through a dozen insets it costs as much as a country. */
  graticule(): string | null {
    if (this.graticuleOutline === undefined) this.graticuleOutline = this.streamed.outline(geoGraticule10());
    return this.graticuleOutline;
  }
}

/** Recently used frames and natural heights of this page, least recently used out first. */
const FRAMES = 12;
const frames = new Map<string, Frame>();
const heights = new Map<string, number>();

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const found = cache.get(key);
  cache.delete(key);
  const value = found ?? make();
  cache.set(key, value);
  if (cache.size > FRAMES) cache.delete(cache.keys().next().value as string);
  return value;
}

export function frameFor(framing: Framing, geometry: ScopeGeometry, extent: Extent): Frame {
  const key = JSON.stringify([geometryKey(framing), framing.projection, framing.bbox, extent]);
  return remember(frames, key, () => new Frame(framing, geometry, extent));
}

export function naturalHeightFor(framing: Framing, geometry: ScopeGeometry, width: number): number {
  const key = JSON.stringify([geometryKey(framing), framing.projection, framing.bbox, width]);
  return remember(heights, key, () => naturalHeight(framing, geometry, width));
}

// The map's frame: the projection fitted for one framing and map extent (frameKey, below), and what it makes of
// the scope's fixed geometry (region outlines, their polygons, centres and areas, the anchors of regions too
// small to see, the globe, neighbouring land, the insets' panels), each computed once when first asked for.
// Kept by the page's GeometryStore, so a request that changes only data draws from outlines already drawn; and a
// new size draws from outlines already projected (reference-outlines.ts), so the width of every `<img>` embed is
// cheap.
import { geoGraticule10, type GeoPermissibleObjects, type GeoProjection, type GeoStream } from 'd3';
import type { MapSpec } from './spec.ts';
import { geometryKey, type ScopeGeometry, type ScopeRegion } from './geometry/scope-geometry.ts';
import { naturalHeight, type Extent, type FittedProjection, type ProjectionBasis } from './geometry/projection.ts';
import { simplifiedProjection } from './geometry/pixel-simplify.ts';
import { relativePath, RelativePathWriter } from './geometry/relative-path.ts';
import { polygonCollector, visualCentre, type Ring } from './geometry/visual-centre.ts';
import { areaStream, Placement, type Recorded } from './geometry/reference-outlines.ts';
import type { ReferenceOutlines, Unnamed } from './geometry/outline-tiers.ts';
import type { Panel } from './geometry/inset-panels.ts';

export type Framing = Pick<MapSpec, 'scope' | 'division' | 'geometry' | 'level' | 'worldview' | 'projection' | 'bbox'>;

/** The most a map's natural shape may differ from a landscape or portrait page: a chain of atolls (the
 *  Maldives, 1.2° by 7.8°, were 1000 by 6712 px; Kiribati, the Marshall Islands, Chile) is fitted inside a
 *  frame at most twice as tall as wide, or twice as wide as tall, with sea (and neighbouring land) either side,
 *  rather than a strip no page can hold. */
const MAX_ASPECT = 2;

/** Each scope's regions by id, for as long as its geometry is kept. */
const regions = new WeakMap<ScopeGeometry, Map<string, ScopeRegion>>();
function regionsOf(geometry: ScopeGeometry): Map<string, ScopeRegion> {
  let byId = regions.get(geometry);
  if (!byId) regions.set(geometry, (byId = new Map(geometry.regions.map((r) => [r.id, r]))));
  return byId;
}

function once<T>(cache: Map<string, T>, key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

export class Frame {
  readonly projection: GeoProjection;
  readonly showsGlobe: boolean;
  /** neighbouring land is drawn unless the request says not (ProjectionBasis) */
  readonly showsNeighbours: boolean;
  /** the panels of the insets, where a composite projection draws far-away parts */
  readonly panels: Panel[];
  private readonly placement: Placement;
  /** writes every outline's path data, one at a time */
  private readonly writer = new RelativePathWriter();
  private readonly memo = {
    d: new Map<string, string | null>(),
    polygons: new Map<string, Ring[][]>(),
    centre: new Map<string, [number, number] | null>(),
    area: new Map<string, number>(),
  };
  private sphereOutline: string | null | undefined;
  private readonly unnamed = new Map<Unnamed, string[]>();
  private graticuleOutline: string | null | undefined;

  constructor(
    /** its frameKey */
    readonly key: string,
    basis: ProjectionBasis,
    fitted: FittedProjection,
    private readonly geometry: ScopeGeometry,
    private readonly outlines: ReferenceOutlines,
    private readonly extent: Extent,
  ) {
    this.projection = fitted.projection;
    this.showsGlobe = basis.showsGlobe;
    this.showsNeighbours = basis.showsNeighbours;
    const [tx, ty] = fitted.translate;
    const place = ([x, y]: [number, number]): [number, number] => [fitted.k * x + tx, fitted.k * y + ty];
    this.panels = basis.panels.map(([min, max]) => [place(min), place(max)]);
    this.placement = new Placement(fitted.k / outlines.k, fitted.translate, basis.clipped ? extent : null);
  }

  /** The region's outline as path data, or null when none of it is drawn. */
  regionPath(id: string): string | null {
    return once(this.memo.d, id, () => {
      const region = regionsOf(this.geometry).get(id);
      return region ? this.outline(this.outlines.region(region)) : null;
    });
  }

  /** The region's projected polygons, [outer ring, ...holes] each. */
  regionPolygons(id: string): Ring[][] {
    return once(this.memo.polygons, id, () => {
      const collector = polygonCollector();
      this.place(id, collector);
      return collector.polygons();
    });
  }

  /** The visual centre of the region's drawn polygons, else (no outline at this level, or none of it
   *  drawn) its projected anchor; null when that is outside the frame too. */
  centre(id: string): [number, number] | null {
    return once(this.memo.centre, id, () => visualCentre(this.regionPolygons(id)) ?? this.anchor(id));
  }

  /** Drawn area in px². */
  area(id: string): number {
    return once(this.memo.area, id, () => {
      const measure = areaStream();
      this.place(id, measure);
      return measure.area();
    });
  }

  private place(id: string, output: GeoStream): void {
    const region = regionsOf(this.geometry).get(id);
    if (region) this.placement.draw(this.outlines.region(region), output);
  }

  private outline(recorded: Recorded): string | null {
    this.placement.write(recorded, this.writer);
    return this.writer.take();
  }

  /** The region's anchor on screen, or null when the projection cannot place it inside the frame. */
  private anchor(id: string): [number, number] | null {
    const anchor = this.geometry.anchors.get(id);
    const point = anchor ? this.projection(anchor.lonLat) : null;
    if (!point || !Number.isFinite(point[0]) || !Number.isFinite(point[1])) return null;
    const [[x0, y0], [x1, y1]] = this.extent;
    return point[0] >= x0 && point[0] <= x1 && point[1] >= y0 && point[1] <= y1 ? point : null;
  }

  /** The globe's outline, when shown. */
  sphere(): string | null {
    if (this.sphereOutline === undefined) this.sphereOutline = this.showsGlobe ? this.direct({ type: 'Sphere' }) : null;
    return this.sphereOutline;
  }

  /** The neighbouring land, or the lakes, as path data. */
  unnamedPaths(kind: Unnamed): string[] {
    let paths = this.unnamed.get(kind);
    if (!paths) {
      paths = this.outlines
        .outlines(this.geometry, kind)
        .map((recorded) => this.outline(recorded))
        .filter((d): d is string => Boolean(d));
      this.unnamed.set(kind, paths);
    }
    return paths;
  }

  /** The 10° graticule, drawn only when asked for: through a dozen insets it costs as much as a country. */
  graticule(): string | null {
    if (this.graticuleOutline === undefined) this.graticuleOutline = this.direct(geoGraticule10());
    return this.graticuleOutline;
  }

  /** What no reference holds (the globe, the graticule: few points), projected at this size. */
  private direct(object: GeoPermissibleObjects): string | null {
    return relativePath(simplifiedProjection(this.projection))(object);
  }
}

/** What fits a projection, and so what a projection basis and the outline tiers are kept under: two maps of one
 *  framing project the same outlines in the same way, whatever their size. Each part is there because it moves
 *  outlines:
 *  - geometryKey: which outlines (scope, division, level and worldview, or the hash of the request's own
 *    boundaries): another level or worldview draws other lines, and the projection is fitted to them;
 *  - projection: how they are projected, and whether a composite moves some into insets;
 *  - bbox: what the projection is fitted to, in place of the scope's land.
 *  Nothing else in a request moves an outline: `context`, the data, the theme and the furniture change what is
 *  drawn over or beside the outlines, and padding, titles and a legend band only the extent (frameKey). */
export const framingKey = (framing: Framing): string =>
  JSON.stringify([geometryKey(framing), framing.projection, framing.bbox]);

/** What a frame is kept under, and what tells a page that a map places its outlines where the map it shows
 *  placed them (index.ts then morphs one into the other): the framing (its framingKey), and the extent in px
 *  the map is fitted to, which the picture's size, its padding, its titles and a legend band decide. */
export const frameKey = (framing: string, extent: Extent): string => JSON.stringify([framing, extent]);

/** The height the map takes at `width` when the request gives none: its natural shape's, within MAX_ASPECT. */
export function naturalHeightFor(basis: ProjectionBasis, width: number): number {
  const height = naturalHeight(basis, width);
  return Math.min(Math.ceil(width * MAX_ASPECT), Math.max(Math.ceil(width / MAX_ASPECT), height));
}

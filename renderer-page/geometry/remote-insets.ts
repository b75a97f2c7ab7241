// Far-away parts of a country in insets of their own, as a desk draws them. Easter Island squeezed Chile to a
// 60 px sliver, Svalbard and Jan Mayen pushed mainland Norway into a corner, the Galápagos halved Ecuador. Where a
// country's parts away from its mainland would leave the mainland less than half the frame, the mainland is
// fitted alone and each far cluster of islands is drawn in a panel of its own, over the sea or beside the
// mainland, at a size a reader can see (an island of 20 km is magnified; Svalbard is shrunk to a third of the
// mainland at most). The result is a composite projection like d3-composite-projections' (point routing,
// a stream through each part clipped to its panel, `getCompositionBorders`: composite-projection.ts), so the rest
// of the renderer draws it as it draws theirs (inset-routing.ts, inset-panels.ts).
import { geoAzimuthalEqualArea, type GeoProjection } from 'd3';
import type { Level } from '../spec.ts';
import type { ScopeGeometry } from './scope-geometry.ts';
import { outerRingSpans, type Outline } from './outline.ts';
import { landIn, placePanel, type Land } from './inset-placement.ts';
import {
  apart,
  boxOf,
  compositeProjection,
  height,
  side,
  union,
  width,
  type Box,
  type Inset,
  type LonLatBounds,
  type Point,
} from './composite-projection.ts';

/** Below this share of the frame the mainland would take, far parts go to insets. */
const MAINLAND_SHARE = 0.5;
/** Parts within this much of a cluster's size (its longer side) belong to it: Kyushu to Honshu, Lofoten to
 *  Norway; Juan Fernández, 670 km off Chile's 4,300, does not. */
const NEAR = 0.15;
/** Far from the mainland, islands this much of the way to it apart are one group (the Azores' three). */
const FAR_NEAR = 0.35;
/** A mainland smaller than this, in degrees, is an island among islands (Grenada, Saint Vincent), whose groups lie
 *  too close together to route each point to its own part; they keep their places. */
const SMALLEST_MAINLAND = 1;
/** More clusters than this are an archipelago, not a mainland with far parts: no insets. */
const MOST_INSETS = 4;
/** A far part this large against the mainland (by the boxes around their islands) is not one to shrink into an
 *  inset. */
const MAINLAND_PART = 0.25;
/** Far parts share a panel when their joint box's side is longer than the larger part's by at most this share of
 *  the mainland's side. */
const JOINT = 0.3;
/** A piece with this share of the country's land (by the boxes around its islands) widens the mainland's reach;
 *  smaller ones join it without widening it. */
const SUBSTANTIAL = 0.02;
/** An inset's side, as a share of the mainland's longer side: at least (a small island magnified to it), at most. */
const [SMALLEST, LARGEST] = [0.1, 0.3];
/** The longest edge of an inset's island, as a share of the mainland's longer side: about the longest of the
 *  mainland's own coasts' at the output sizes the default level is drawn at (up to 2,400 px). */
const DETAIL = 0.012;
/** The least an inset's largest island spans, as a share of the mainland's longer side, however coarse its
 *  outline: Ono-i-Lau's panel on a thumbnail of Fiji was empty, and Easter Island, a triangle in Natural Earth,
 *  reads as one at that size. */
const VISIBLE = 0.015;
/** DETAIL and VISIBLE at each level, against the default's: the high level is drawn at 2,400 px and more
 *  (server/request/detail-level.ts), typically a 4,000 px poster where a 1,200 px map has the default. There the
 *  same shares would be three times as many pixels: Minami-Torishima, five points in Natural Earth (the finest
 *  source, whatever the level), came out a triangle 60 px across in Tokyo's panel. An island is magnified as far
 *  as the poster's pixels need, no further. */
const OUTPUT_SHARE: Record<Level, number> = { low: 1, medium: 1, high: 0.3 };

/** One polygon of the scope: its outer ring, where it lies, and the box around its projection. */
export interface Piece {
  outline: Outline;
  span: [number, number];
  lonLat: LonLatBounds;
  box: Box;
  area: number;
}

/** The ring's points, as [lon, lat]. */
const ringOf = ({ outline, span: [start, end] }: Piece): Point[] =>
  Array.from({ length: end - start }, (_, i) => [outline.points[2 * (start + i)], outline.points[2 * (start + i) + 1]]);

/** Every polygon, placed by its bounds alone (a point on each corner and side, and its centre): the clusters
 *  need no more, and a country's first map must not pay for projecting all its points twice. */
export function pieces(geometry: ScopeGeometry, projection: GeoProjection): Piece[] {
  return geometry.regions.flatMap(({ outline }) =>
    outerRingSpans(outline).map((span): Piece => {
      let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = span[0]; i < span[1]; i++) {
        const [lon, lat] = [outline.points[2 * i], outline.points[2 * i + 1]];
        if (lon < west) west = lon;
        if (lon > east) east = lon;
        if (lat < south) south = lat;
        if (lat > north) north = lat;
      }
      const probes: Point[] = [];
      for (const lon of [west, (west + east) / 2, east])
        for (const lat of [south, (south + north) / 2, north]) probes.push([lon, lat]);
      const box = boxOf(probes.map((p) => projection(p) ?? p));
      return {
        outline,
        span,
        lonLat: [
          [west, south],
          [east, north],
        ],
        box,
        area: width(box) * height(box),
      };
    }),
  );
}

/** The largest of `rest`, and every piece near it or near what joined it, taken out of `rest`. Only the pieces
 *  that `grows` accepts widen the reach (given the box so far): a string of islets does not lead the mainland on
 *  to far islands. */
function cluster(
  rest: Set<Piece>,
  near: (box: Box) => number,
  grows: (piece: Piece, box: Box) => boolean = () => true,
): Piece[] {
  const seed = [...rest].reduce((a, b) => (b.area > a.area ? b : a));
  rest.delete(seed);
  const members = [seed];
  let box = seed.box;
  for (let grown = true; grown;) {
    grown = false;
    for (const piece of rest) {
      if (apart(box, piece.box) > near(box)) continue;
      members.push(piece);
      rest.delete(piece);
      if (grows(piece, box)) box = union(box, piece.box);
      grown = true;
    }
  }
  return members;
}

/** The members' bounds in degrees; across the antimeridian (Fiji's Lau group), east past 180. */
function lonLatBounds(members: Piece[]): LonLatBounds {
  const bounds = (shift: boolean): LonLatBounds => {
    const east = (lon: number) => (shift && lon < 0 ? lon + 360 : lon);
    return [
      [Math.min(...members.map((m) => east(m.lonLat[0][0]))), Math.min(...members.map((m) => m.lonLat[0][1]))],
      [Math.max(...members.map((m) => east(m.lonLat[1][0]))), Math.max(...members.map((m) => m.lonLat[1][1]))],
    ];
  };
  const plain = bounds(false);
  const shifted = bounds(true);
  return shifted[1][0] - shifted[0][0] < plain[1][0] - plain[0][0] ? shifted : plain;
}

/** The composite for a country whose far parts would shrink its mainland below half the frame, or null.
 *  `provisional` is the scope's projection made for all of it; `mainlandProjection` makes one for the mainland's
 *  bounds; `level` the geometry's (OUTPUT_SHARE). */
export function remoteInsets(
  geometry: ScopeGeometry,
  provisional: GeoProjection,
  mainlandProjection: (bounds: LonLatBounds) => () => GeoProjection,
  level: Level,
): (() => GeoProjection) | null {
  // a rock Natural Earth draws as a line (Chile's Salas y Gómez) has no place to show and would join its neighbours'
  const all = pieces(geometry, provisional.scale(150).translate([0, 0])).filter((p) => p.area > 0);
  if (all.length < 2) return null;
  // Japan's Ryukyu and Izu–Ogasawara chains step from Kyushu and Honshu to islands 1,000 km off, each islet near
  // enough to the last: grown through every piece, the mainland took them all and the main islands half the frame.
  // Grown only through land that touches it or is of some size, it stops at Kyushu's and Honshu's own islands, and
  // the chains' far ends become parts; tried second, so that a country whose islets lie in place (Fiji's Lau group)
  // keeps them there.
  const land = all.reduce((sum, p) => sum + p.area, 0);
  const substantial = (piece: Piece, box: Box) => apart(box, piece.box) === 0 || piece.area >= SUBSTANTIAL * land;
  const split = farParts(all, () => true, false) ?? farParts(all, substantial, true);
  return (
    split && insetsComposite(geometry, split.mainland, split.far, mainlandProjection, nearestFree, OUTPUT_SHARE[level])
  );
}

/** The mainland, grown from the largest piece through the pieces `grows` accepts, and the far parts around it; null
 *  when the mainland would fill half the frame anyway, or the far parts are too many (with `merge`, parts are
 *  joined until they are few enough) or one of them is too large to be an inset. */
function farParts(
  all: Piece[],
  grows: (piece: Piece, box: Box) => boolean,
  merge: boolean,
): { mainland: Piece[]; far: Piece[][] } | null {
  const rest = new Set(all);
  const mainland = cluster(rest, (box) => NEAR * side(box), grows);
  const boxOfAll = (members: Piece[]) => members.map((p) => p.box).reduce(union);
  const boxArea = (box: Box) => width(box) * height(box);
  const mainlandBox = boxOfAll(mainland);
  if (boxArea(mainlandBox) / boxArea(boxOfAll(all)) >= MAINLAND_SHARE) return null;
  const far: Piece[][] = [];
  while (rest.size && (merge || far.length <= MOST_INSETS))
    far.push(
      cluster(rest, (box) => Math.max(NEAR * side(box), 0.05 * side(mainlandBox), FAR_NEAR * apart(box, mainlandBox))),
    );
  const landOf = (members: Piece[]) => members.reduce((sum, p) => sum + p.area, 0);
  // the pair of parts whose joint box is least larger than the larger's (against the mainland's), joined while
  // they are too many (with `merge`), or while one joins another at little cost: Iwo Jima with the Bonins, the
  // Daito Islands with Okinawa, not Minami-Torishima, 1,200 km east of them. Without `merge`, only a region's
  // stray piece joins the part that holds the region's largest: Bear Island Svalbard, whose panel of its own was
  // captioned "Svalbard" beside Svalbard's; not Jan Mayen (Nordland), whose joint bounds would take in Finnmark's
  // coast, nor two fragments of a region whose home is the mainland (Vanuatu's Tafea), each a panel of its own
  const home = new Map<Outline, Piece>();
  for (const piece of all) if (piece.area > (home.get(piece.outline)?.area ?? -1)) home.set(piece.outline, piece);
  const regionOf = (members: Piece[]) => {
    const outlines = new Set(members.map((p) => p.outline));
    return outlines.size === 1 ? members[0].outline : null;
  };
  const strayJoinsHome = (a: Piece[], b: Piece[]) => {
    const region = regionOf(a);
    return region !== null && region === regionOf(b) && [...a, ...b].includes(home.get(region)!);
  };
  while (far.length > 1) {
    let best = { cost: Infinity, i: 0, j: 0 };
    far.forEach((a, i) =>
      far.slice(i + 1).forEach((b, k) => {
        if (!merge && !strayJoinsHome(a, b)) return;
        const [boxA, boxB] = [boxOfAll(a), boxOfAll(b)];
        const cost = (side(union(boxA, boxB)) - Math.max(side(boxA), side(boxB))) / side(mainlandBox);
        if (cost < best.cost) best = { cost, i, j: i + 1 + k };
      }),
    );
    if (best.cost > JOINT && (!merge || far.length <= MOST_INSETS)) break;
    far[best.i].push(...far.splice(best.j, 1)[0]);
  }
  if (!far.length || far.length > MOST_INSETS) return null;
  // a far part as large as a quarter of the mainland is a main part of the country (Malaysia's Borneo)
  if (far.some((members) => landOf(members) > MAINLAND_PART * landOf(mainland))) return null;
  return { mainland, far };
}

/** A far part of the scope, and when not as large as its size says (SMALLEST, LARGEST), its panel's longer side as
 *  a share of the mainland's. */
export interface FarPart {
  members: Piece[];
  side?: number;
  /** a band above the part, for its caption, as a share of the mainland's longer side */
  band?: number;
}

/** Where a `w` × `h` panel goes: the mainland's box, its land and its neighbours' (projected when first asked
 *  for), the panels placed so far, and where the part is wanted, at scale 150. */
export type PanelPlacer = (mainland: Box, land: () => Land[], taken: Box[], w: number, h: number, wanted: Point) => Box;

/** Over the sea or empty page nearest where the part is wanted (inset-placement.ts). */
const nearestFree: PanelPlacer = (mainland, land, taken, w, h, wanted) =>
  placePanel(mainland, land(), taken, w, h, wanted);

/** The composite of the mainland's pieces, in the projection `mainlandProjection` makes for their bounds, and a
 *  panel for each far part, placed in turn by `place` (by default over the sea or empty page nearest where it
 *  lies); null when the mainland is too small to be one (SMALLEST_MAINLAND) or no part has a panel. `outputShare`:
 *  DETAIL and VISIBLE's at the geometry's level (OUTPUT_SHARE). */
export function insetsComposite(
  geometry: ScopeGeometry,
  mainlandPieces: Piece[],
  far: Array<Piece[] | FarPart>,
  mainlandProjection: (bounds: LonLatBounds) => () => GeoProjection,
  place: PanelPlacer = nearestFree,
  outputShare = 1,
): (() => GeoProjection) | null {
  const mainlandDegrees = lonLatBounds(mainlandPieces);
  if (side(mainlandDegrees) < SMALLEST_MAINLAND) return null;
  const makeMain = mainlandProjection(mainlandDegrees);
  const main = makeMain().scale(150).translate([0, 0]);
  const ownLand = mainlandPieces.map((p): Land => {
    const ring = ringOf(p).map((q) => main(q) ?? q);
    return { ring, box: boxOf(ring) };
  });
  const mainland = ownLand.map((l) => l.box).reduce(union);
  // the neighbours' land too, in and around the mainland's box (as far as the largest panels might reach)
  const reach = side(mainland);
  const around: Box = [
    [mainland[0][0] - reach, mainland[0][1] - reach],
    [mainland[1][0] + reach, mainland[1][1] + reach],
  ];
  let land: Land[] | undefined;
  const landNow = () =>
    (land ??= ownLand.concat(landIn(makeMain().scale(150).translate([0, 0]), geometry.context, around)));
  const taken: Box[] = [];
  const insets: Inset[] = far.flatMap((part): Inset[] => {
    const { members, side: share, band = 0 } = Array.isArray(part) ? { members: part } : part;
    const bounds = lonLatBounds(members);
    const [[west, south], [east, north]] = bounds;
    const centre: Point = [east >= west ? (west + east) / 2 : (west + east + 360) / 2, (south + north) / 2];
    const make = () => geoAzimuthalEqualArea().rotate([-centre[0], -centre[1]]);
    const unit = make().scale(150).translate([0, 0]);
    const own = boxOf(members.flatMap((p) => ringOf(p).map((q) => unit(q) ?? q)));
    // a group of rocks no wider than a line would be an empty panel: they stay where they lie
    if (!(width(own) > 0 && height(own) > 0)) return [];
    const size = side(own);
    const pad = side(mainland) * 0.015;
    const wanted = share
      ? (share * side(mainland) - 2 * pad) / size
      : Math.min((LARGEST * side(mainland)) / size, Math.max(1, (SMALLEST * side(mainland)) / size));
    // Fiji's Ceva-i-Ra, a reef of nine points, came out a hexagon a tenth of the map across, Ono-i-Lau a
    // parallelogram and Cocos Island a heptagon: an island is magnified only as far as its outline has detail for
    // (no edge of its largest piece longer than DETAIL), in a panel of the size it would have had; but never
    // smaller than its place on the mainland, nor too small to see
    const largest = members.reduce((a, b) => (b.area > a.area ? b : a));
    const ring = ringOf(largest).map((q) => unit(q) ?? q);
    const edge = Math.max(...ring.slice(1).map(([x, y], i) => Math.hypot(x - ring[i][0], y - ring[i][1])));
    const sharp = (outputShare * DETAIL * side(mainland)) / edge;
    const visible = (outputShare * VISIBLE * side(mainland)) / side(boxOf(ring));
    // (the Union's panels are one size, as Eurostat's, each filled by its region)
    const factor = share ? wanted : Math.min(wanted, Math.max(1, sharp, visible));
    const top = band * side(mainland);
    // the panel keeps, on a poster, the pixels it has at the default level's sizes, not the share: Tokyo's panel
    // of Minami-Torishima, a speck once magnified no further than its five points allow, stood 350 px empty
    const room = share ? wanted : Math.max(factor, wanted * outputShare);
    const [w, h] = [width(own) * room + 2 * pad, height(own) * room + 2 * pad + top];
    const panel = place(mainland, landNow, taken, w, h, main(centre) ?? [0, 0]);
    taken.push(panel);
    const [[px0, py0], [px1, py1]] = panel;
    const [[ox0, oy0], [ox1, oy1]] = own;
    const offset: Point = [
      (px0 + px1) / 2 - (factor * (ox0 + ox1)) / 2,
      (py0 + top + py1) / 2 - (factor * (oy0 + oy1)) / 2,
    ];
    const margin = Math.min(0.5, 0.2 * apart(bounds, mainlandDegrees));
    return [{ bounds, margin, make, factor, offset, panel }];
  });
  if (!insets.length) return null;
  const frame = taken.reduce(union, mainland);
  return () => compositeProjection(makeMain, insets, frame);
}

// Where a region label may stand: the points tried inside a region (the visual centre of each sizeable part and a
// few offsets around it), the places tried beside a small region or a dot, and the record of the boxes already
// taken on the map, against which each new label is tried.
import { polygonArea } from 'd3';
import { boxTouches, shapeOf, type Box } from '../geometry/box-inside.ts';
import { visualCentre, type Ring } from '../geometry/visual-centre.ts';

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The 32 px cells a box touches, by which boxes and polygons are filed to be found near another box. */
function cellKeys({ x0, y0, x1, y1 }: Box): string[] {
  const keys: string[] = [];
  for (let x = Math.floor(x0 / 32); x <= Math.floor(x1 / 32); x++)
    for (let y = Math.floor(y0 / 32); y <= Math.floor(y1 / 32); y++) keys.push(`${x},${y}`);
  return keys;
}

/** The boxes of the labels placed, filed by the 32 px cells they touch: a map of 3,000 counties tries each label
 *  in up to 25 places, against its neighbours rather than against every label placed. */
export class Placed {
  private readonly cells = new Map<string, Box[]>();
  add(box: Box): void {
    for (const key of cellKeys(box)) this.cells.set(key, [...(this.cells.get(key) ?? []), box]);
  }
  hits(box: Box): boolean {
    return cellKeys(box).some((key) => this.cells.get(key)?.some((other) => overlaps(other, box)));
  }
}

/** Where a label may go, nearest first: the point, then points up to half the text's width and a line off it
 *  each way, which keeps a label inside a region whose centre lies near a narrow neck or a coast. */
export function positions([x, y]: [number, number], halfWidth: number, size: number): Array<[number, number]> {
  const steps = [0, -1, 1, -2, 2];
  const dx = halfWidth / 4;
  const dy = size / 2;
  return steps
    .flatMap((i) => steps.map((j): [number, number] => [i * dx, j * dy]))
    .sort((a, b) => Math.hypot(...a) - Math.hypot(...b))
    .map(([ox, oy]) => [x + ox, y + oy]);
}

/** Where a label may go beside a small region (a dot of radius `r`, or an outline reaching `r` from its centre),
 *  nearest first: right of it, left, above, below, then (with `far`) one and two gaps farther out; `leader` when
 *  the label stands off the point, so that a line tells whose it is. */
export function beside(
  [x, y]: [number, number],
  r: number,
  halfWidth: number,
  halfHeight: number,
  far = 2,
): Array<{ at: [number, number]; leader: boolean }> {
  const gap = Math.max(3, r / 2);
  return Array.from({ length: far + 1 }, (_, i) => i).flatMap((out) => {
    const off = r + gap + out * (gap + halfHeight * 2);
    return [
      [x + off + halfWidth, y],
      [x - off - halfWidth, y],
      [x, y - off - halfHeight],
      [x, y + off + halfHeight],
    ].map((at) => ({ at: at as [number, number], leader: out > 0 }));
  });
}

/** Where a label may go beside an island (a part's bounds), nearest first: right of it, left, then above and
 *  below, centred on it or flush with either side of it, `gap` px off its coast. */
export function besideBounds(
  { x0, y0, x1, y1 }: Box,
  [x, y]: [number, number],
  halfWidth: number,
  halfHeight: number,
  gap: number,
): Array<[number, number]> {
  const across = [x, x0 + halfWidth, x1 - halfWidth];
  return [
    [x1 + gap + halfWidth, y],
    [x0 - gap - halfWidth, y],
    ...across.map((ax): [number, number] => [ax, y0 - gap - halfHeight]),
    ...across.map((ax): [number, number] => [ax, y1 + gap + halfHeight]),
  ];
}

/** How far a small region's outline reaches from a point, at most (the box around its polygons): a label set
 *  beside it starts beyond, off the region (Luxembourg's name covered half of Luxembourg). */
export function reachOf(polygons: Ring[][], [x, y]: [number, number]): number {
  let reach = 0;
  for (const polygon of polygons)
    for (const [px, py] of polygon[0] ?? []) reach = Math.max(reach, Math.abs(px - x), Math.abs(py - y));
  return reach;
}

/** A part of a region (one polygon), its area, and its visual centre, found when first asked for. */
export interface Part {
  polygon: Ring[];
  area: number;
  centre(): [number, number] | null;
}

/** The region's `count` largest parts (the Basque Country's mainland, Attica's mainland before its islands),
 *  largest first: a label too long for the largest part may fit another, and a region's centre can lie in a part
 *  too narrow for any label. `largest` is the largest part's centre when the caller has it already (the region's
 *  visual centre is the largest polygon's): a pole of inaccessibility is the costly part of a label. */
export function partsOf(polygons: Ring[][], count: number, largest: [number, number]): Part[] {
  return polygons
    .map((polygon) => ({ polygon, area: Math.abs(polygonArea(polygon[0])) }))
    .sort((a, b) => b.area - a.area)
    .slice(0, count)
    .map(({ polygon, area }, i) => {
      let centre: [number, number] | null | undefined = i === 0 ? largest : undefined;
      return { polygon, area, centre: () => (centre === undefined ? (centre = visualCentre([polygon])) : centre) };
    });
}

/** A label covering this share of a region with data, at most, still leaves its colour plain to read: France's
 *  corner under Luxembourg's label. */
const SMALL_SHARE = 1 / 20;

/** The polygons of the regions with data, filed by the 32 px cells their bounds touch: a label set beside a
 *  small region is tried against the land whose data it would hide, near it, rather than every region's. */
export class DataLand {
  private readonly cells = new Map<string, Array<{ polygon: Ring[]; area: number }>>();
  constructor(regions: Iterable<{ polygons: Ring[][]; area: number }>) {
    for (const { polygons, area } of regions)
      for (const polygon of polygons) {
        const [bounds] = shapeOf([polygon]).bounds;
        // an empty ring has no bounds to file it under
        if (!Number.isFinite(bounds.x0)) continue;
        for (const key of cellKeys(bounds)) {
          const filed = this.cells.get(key);
          if (filed) filed.push({ polygon, area });
          else this.cells.set(key, [{ polygon, area }]);
        }
      }
  }
  /** Whether the box would hide the data of a region other than `own` (the region labelled): whether it lies
   *  over a region with data of which it would cover more than SMALL_SHARE. */
  hides(box: Box, own: Ring[][]): boolean {
    const covered = (box.x1 - box.x0) * (box.y1 - box.y0);
    const near = new Set(
      cellKeys(box).flatMap((key) =>
        (this.cells.get(key) ?? []).flatMap(({ polygon, area }) => (covered > area * SMALL_SHARE ? [polygon] : [])),
      ),
    );
    for (const polygon of own) near.delete(polygon);
    return near.size > 0 && boxTouches(box, shapeOf([...near]));
  }
}

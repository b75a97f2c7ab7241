// Path data for the scope's outlines with each point relative to the one before, to 0.1 px: a world map's
// SVG is about 30% smaller than with absolute coordinates. Points are rounded to whole tenths before the
// difference is taken, so the rounding never adds up along a ring.
import { geoPath, type GeoPermissibleObjects, type GeoStreamWrapper } from 'd3';

/** A whole number of tenths as the shortest number text: `-.4`, not `-0.4`. Written from integers: a
 *  float's text (`String(t / 10)`) took a seventh of a new size's drawing. */
function tenths(t: number): string {
  const sign = t < 0 ? '-' : '';
  const whole = Math.abs(t);
  const units = Math.floor(whole / 10);
  const tenth = whole - units * 10;
  if (tenth === 0) return `${sign}${units}`;
  return units === 0 ? `${sign}.${tenth}` : `${sign}${units}.${tenth}`;
}

/** Steps between neighbouring points are short: those within ±200 px are written from tables, each text made
 *  once (writing numbers out was most of a new size's drawing). `LEADING`: a line-to's x, after a
 *  comma unless its minus sign separates it; `FOLLOWING`: a y, after its comma. */
const TABLED = 2000;
const table = (text: (t: number) => string) => Array.from({ length: 2 * TABLED + 1 }, (_, i) => text(i - TABLED));
const LEADING = table((t) => (t < 0 ? tenths(t) : `,${tenths(t)}`));
const FOLLOWING = table((t) => `,${tenths(t)}`);
const leading = (t: number) =>
  t >= -TABLED && t <= TABLED ? LEADING[t + TABLED] : t < 0 ? tenths(t) : `,${tenths(t)}`;
const following = (t: number) => (t >= -TABLED && t <= TABLED ? FOLLOWING[t + TABLED] : `,${tenths(t)}`);

/** A d3 path context writing `m`, implicit relative line-tos and `z` (d3-path, like geoPath's own string output,
 *  writes absolute coordinates only). */
export class RelativePathWriter {
  /** joined once at the end: appending to one string built a rope of thousands of pieces, slower to make and
   *  flattened again when the SVG is encoded */
  private parts: string[] = [];
  private x = 0;
  private y = 0;
  private startX = 0;
  private startY = 0;

  beginPath(): void {}

  moveTo(x: number, y: number): void {
    const tx = Math.round(x * 10);
    const ty = Math.round(y * 10);
    this.parts.push(`m${tenths(tx - this.x)},${tenths(ty - this.y)}`);
    this.x = this.startX = tx;
    this.y = this.startY = ty;
  }

  lineTo(x: number, y: number): void {
    const tx = Math.round(x * 10);
    const ty = Math.round(y * 10);
    if (tx === this.x && ty === this.y) return;
    // after a move, further pairs are relative line-tos; a minus sign separates numbers by itself
    this.parts.push(leading(tx - this.x), following(ty - this.y));
    this.x = tx;
    this.y = ty;
  }

  closePath(): void {
    this.parts.push('z');
    this.x = this.startX;
    this.y = this.startY;
  }

  /** One ring or line of `points` (x, y pairs), each scaled by `s` and moved by `tx`, `ty`, thinned to
   *  `tolerance` px and closed when `closed`: what subPixelStream and contextStream make of it, written in one
   *  loop (through the streams, each point took a chain of calls, most of a new size's drawing). */
  ring(points: Float32Array, s: number, tx: number, ty: number, closed: boolean, tolerance = 0.5): void {
    const squared = tolerance * tolerance;
    let lastX = 0;
    let lastY = 0;
    let pendingX = 0;
    let pendingY = 0;
    let pending = false;
    for (let i = 0; i < points.length; i += 2) {
      const x = s * points[i] + tx;
      const y = s * points[i + 1] + ty;
      if (i === 0) {
        this.moveTo(x, y);
      } else if ((x - lastX) ** 2 + (y - lastY) ** 2 >= squared) {
        this.lineTo(x, y);
        pending = false;
      } else {
        pendingX = x;
        pendingY = y;
        pending = true;
        continue;
      }
      lastX = x;
      lastY = y;
    }
    // the last point is kept, as subPixelStream keeps it, so the ring closes where it should
    if (pending) this.lineTo(pendingX, pendingY);
    if (closed) this.closePath();
  }

  /** d3 draws a Point as a circle; outlines have none, but the context must answer. */
  arc(x: number, y: number, radius: number): void {
    const r = Math.round(radius * 10);
    this.moveTo(x + radius, y);
    this.parts.push(
      `a${tenths(r)},${tenths(r)} 0 1,1 ${tenths(-2 * r)},0a${tenths(r)},${tenths(r)} 0 1,1 ${tenths(2 * r)},0`,
    );
  }

  /** The path data written since the last call, and a fresh start. */
  take(): string | null {
    const d = this.parts.join('');
    this.parts = [];
    this.x = this.y = 0;
    return d || null;
  }
}

/** `object` drawn with `projection` as relative path data, or null when none of it is drawn. */
export function relativePath(projection: GeoStreamWrapper): (object: GeoPermissibleObjects) => string | null {
  const writer = new RelativePathWriter();
  const path = geoPath(projection, writer);
  return (object) => {
    path(object);
    return writer.take();
  };
}

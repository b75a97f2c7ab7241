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
 *  once (writing numbers out was most of a new size's drawing); longer ones are written out by the same rules.
 *  `leading`: a line-to's x, after a comma unless its minus sign separates it; `following`: a y, after its
 *  comma. Each table (`LEADING`, `FOLLOWING`) is the texts' ASCII bytes end to end, and where each begins. */
const TABLED = 2000;
function table(text: (t: number) => string) {
  const texts = Array.from({ length: 2 * TABLED + 1 }, (_, i) => text(i - TABLED));
  const starts = new Int32Array(texts.length + 1);
  texts.forEach((ascii, i) => (starts[i + 1] = starts[i] + ascii.length));
  const bytes = new Uint8Array(starts[texts.length]);
  texts.forEach((ascii, i) => {
    for (let k = 0; k < ascii.length; k++) bytes[starts[i] + k] = ascii.charCodeAt(k);
  });
  return { bytes, starts };
}
const leading = (t: number) => (t < 0 ? tenths(t) : `,${tenths(t)}`);
const following = (t: number) => `,${tenths(t)}`;
const LEADING = table(leading);
const FOLLOWING = table(following);
const decoder = new TextDecoder();

/** A d3 path context writing `m`, implicit relative line-tos and `z` (d3-path, like geoPath's own string output,
 *  writes absolute coordinates only), as ASCII bytes into a buffer of its own, read out as a string once per
 *  path: joining the pieces as strings took a seventh of a new size's drawing. */
export class RelativePathWriter {
  /** kept from path to path, grown as needed */
  private buffer = new Uint8Array(16 * 1024);
  private length = 0;
  private x = 0;
  private y = 0;
  private startX = 0;
  private startY = 0;

  beginPath(): void {}

  moveTo(x: number, y: number): void {
    const tx = Math.round(x * 10);
    const ty = Math.round(y * 10);
    this.text(`m${tenths(tx - this.x)},${tenths(ty - this.y)}`);
    this.x = this.startX = tx;
    this.y = this.startY = ty;
  }

  lineTo(x: number, y: number): void {
    const tx = Math.round(x * 10);
    const ty = Math.round(y * 10);
    if (tx === this.x && ty === this.y) return;
    // after a move, further pairs are relative line-tos; a minus sign separates numbers by itself
    const dx = tx - this.x;
    const dy = ty - this.y;
    if (dx >= -TABLED && dx <= TABLED && dy >= -TABLED && dy <= TABLED) {
      this.tabled(LEADING, dx + TABLED);
      this.tabled(FOLLOWING, dy + TABLED);
    } else {
      this.text(leading(dx) + following(dy));
    }
    this.x = tx;
    this.y = ty;
  }

  closePath(): void {
    this.text('z');
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
    this.text(
      `a${tenths(r)},${tenths(r)} 0 1,1 ${tenths(-2 * r)},0a${tenths(r)},${tenths(r)} 0 1,1 ${tenths(2 * r)},0`,
    );
  }

  /** The path data written since the last call, and a fresh start. */
  take(): string | null {
    const d = this.length ? decoder.decode(this.buffer.subarray(0, this.length)) : null;
    this.length = 0;
    this.x = this.y = 0;
    return d;
  }

  /** Entry `i` of `table`. */
  private tabled({ bytes, starts }: ReturnType<typeof table>, i: number): void {
    const end = starts[i + 1];
    this.room(end - starts[i]);
    for (let at = starts[i]; at < end; at++) this.buffer[this.length++] = bytes[at];
  }

  /** ASCII text. */
  private text(text: string): void {
    this.room(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.length++] = text.charCodeAt(i);
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const larger = new Uint8Array(Math.max(2 * this.buffer.length, this.length + bytes));
    larger.set(this.buffer.subarray(0, this.length));
    this.buffer = larger;
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

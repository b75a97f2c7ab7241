// Path data for the scope's outlines with each point relative to the one before, to 0.1 px: a world map's
// SVG is about 30% smaller than with absolute coordinates. Points are rounded to whole tenths before the
// difference is taken, so the rounding never adds up along a ring.
import { geoPath, type GeoPermissibleObjects, type GeoStreamWrapper } from 'd3';

/** A whole number of tenths as the shortest number text: `-.4`, not `-0.4`. */
function tenths(t: number): string {
  const text = String(t / 10);
  if (t > -10 && t < 10 && t !== 0) return t < 0 ? `-${text.slice(2)}` : text.slice(1);
  return text;
}

/** A d3 path context writing `m`, implicit relative line-tos and `z` (d3-path, like geoPath's own string output,
 *  writes absolute coordinates only). */
class RelativePathWriter {
  private d = '';
  private x = 0;
  private y = 0;
  private startX = 0;
  private startY = 0;

  beginPath(): void {}

  moveTo(x: number, y: number): void {
    const tx = Math.round(x * 10);
    const ty = Math.round(y * 10);
    this.d += `m${tenths(tx - this.x)},${tenths(ty - this.y)}`;
    this.x = this.startX = tx;
    this.y = this.startY = ty;
  }

  lineTo(x: number, y: number): void {
    const tx = Math.round(x * 10);
    const ty = Math.round(y * 10);
    if (tx === this.x && ty === this.y) return;
    const dx = tenths(tx - this.x);
    // after a move, further pairs are relative line-tos; a minus sign separates numbers by itself
    this.d += `${dx[0] === '-' ? '' : ','}${dx},${tenths(ty - this.y)}`;
    this.x = tx;
    this.y = ty;
  }

  closePath(): void {
    this.d += 'z';
    this.x = this.startX;
    this.y = this.startY;
  }

  /** d3 draws a Point as a circle; outlines have none, but the context must answer. */
  arc(x: number, y: number, radius: number): void {
    const r = Math.round(radius * 10);
    this.moveTo(x + radius, y);
    this.d += `a${tenths(r)},${tenths(r)} 0 1,1 ${tenths(-2 * r)},0a${tenths(r)},${tenths(r)} 0 1,1 ${tenths(2 * r)},0`;
  }

  /** The path data written since the last call, and a fresh start. */
  take(): string | null {
    const d = this.d;
    this.d = '';
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

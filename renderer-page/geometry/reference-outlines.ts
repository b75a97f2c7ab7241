// Outlines projected once and drawn at any size. Projecting is the costly part of a first map (the sphere's
// trigonometry, resampling, every vertex of the scope), and a fitted projection at one size is the same
// projection at another, scaled and moved: so each outline is projected once at a reference scale, kept as
// flat arrays of points, and placed at each size by a multiplication and an addition per point, then clipped
// to the frame and simplified to the output's pixels there. The reference is a power of two in px at least as
// large as the map drawn (a tier), so its detail is never coarser than the output's, and a map's bytes depend
// only on its own size, never on which sizes were drawn before.
import { geoClipRectangle, type GeoStream, type GeoStreamWrapper } from 'd3';
import type { Extent } from './projection.ts';
import { subPixelStream } from './pixel-simplify.ts';
import { streamOutline, type Outline } from './outline.ts';
import type { RelativePathWriter } from './relative-path.ts';

/** One polygon (its rings) or one line, as x, y pairs at the reference scale. */
interface Part {
  polygon: boolean;
  rings: Float32Array[];
}

/** What a projection streamed for one object, and the box around it. */
export interface Recorded {
  parts: Part[];
  box: [number, number, number, number];
}

/** `outline` streamed through `projection` (at the reference scale) and the sub-pixel filter there. */
export function record(projection: GeoStreamWrapper, outline: Outline): Recorded {
  const parts: Part[] = [];
  const box: Recorded['box'] = [Infinity, Infinity, -Infinity, -Infinity];
  let rings: Float32Array[] | null = null;
  let ring: number[] = [];
  const recorder: GeoStream = {
    polygonStart() {
      rings = [];
    },
    polygonEnd() {
      if (rings?.length) parts.push({ polygon: true, rings });
      rings = null;
    },
    lineStart() {
      ring = [];
    },
    point(x, y) {
      ring.push(x, y);
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x > box[2]) box[2] = x;
      if (y > box[3]) box[3] = y;
    },
    lineEnd() {
      const points = Float32Array.from(ring);
      if (rings) rings.push(points);
      else parts.push({ polygon: false, rings: [points] });
    },
    sphere() {},
  };
  streamOutline(outline, projection.stream(subPixelStream(recorder)));
  return { parts, box };
}

/** Where recorded outlines go at one size: scaled by `scale`, moved by `translate`, clipped to `clip`. */
export class Placement {
  constructor(
    private readonly scale: number,
    private readonly translate: [number, number],
    private readonly clip: Extent | null,
  ) {}

  /** Streams `recorded` placed, clipped where it reaches out of the frame and simplified to the output's
   *  pixels, into `output`. */
  draw(recorded: Recorded, output: GeoStream): void {
    const {
      scale: s,
      translate: [tx, ty],
    } = this;
    let stream = subPixelStream(output);
    if (this.clip && !this.inside(recorded.box)) {
      const [[x0, y0], [x1, y1]] = this.clip;
      stream = geoClipRectangle(x0, y0, x1, y1)(stream);
    }
    for (const { polygon, rings } of recorded.parts) {
      if (polygon) stream.polygonStart();
      for (const ring of rings) {
        stream.lineStart();
        for (let i = 0; i < ring.length; i += 2) stream.point(s * ring[i] + tx, s * ring[i + 1] + ty);
        stream.lineEnd();
      }
      if (polygon) stream.polygonEnd();
    }
  }

  /** `recorded` placed and written as path data by `writer`, as `draw` into contextStream(writer) would write
   *  it: in one loop when it lies inside the frame (nearly every region), through the clip when not. */
  write(recorded: Recorded, writer: RelativePathWriter): void {
    if (this.clip && !this.inside(recorded.box)) {
      this.draw(recorded, contextStream(writer));
      return;
    }
    const {
      scale: s,
      translate: [tx, ty],
    } = this;
    for (const { polygon, rings } of recorded.parts) for (const ring of rings) writer.ring(ring, s, tx, ty, polygon);
  }

  private inside([x0, y0, x1, y1]: Recorded['box']): boolean {
    const {
      scale: s,
      translate: [tx, ty],
    } = this;
    const [[left, top], [right, bottom]] = this.clip!;
    return s * x0 + tx >= left && s * y0 + ty >= top && s * x1 + tx <= right && s * y1 + ty <= bottom;
  }
}

/** A d3 path context driven by a stream, as geoPath drives one: a polygon's rings are closed, lines not. */
function contextStream(context: {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
}): GeoStream {
  let inPolygon = false;
  let first = true;
  return {
    polygonStart: () => (inPolygon = true),
    polygonEnd: () => (inPolygon = false),
    lineStart: () => (first = true),
    lineEnd: () => inPolygon && context.closePath(),
    point(x, y) {
      if (first) context.moveTo(x, y);
      else context.lineTo(x, y);
      first = false;
    },
  };
}

/** The area in px² of what is streamed into it, as geoPath measures it: each polygon's rings summed (holes
 *  count against it), lines nothing. */
export function areaStream(): GeoStream & { area(): number } {
  let total = 0;
  let polygonSum = 0;
  let inPolygon = false;
  let [x00, y00, x0, y0] = [0, 0, 0, 0];
  let first = true;
  return {
    polygonStart: () => ((inPolygon = true), (polygonSum = 0)),
    polygonEnd() {
      inPolygon = false;
      total += Math.abs(polygonSum);
    },
    lineStart: () => (first = true),
    point(x, y) {
      if (!inPolygon) return;
      if (first) {
        x00 = x;
        y00 = y;
        first = false;
      } else polygonSum += y0 * x - x0 * y;
      x0 = x;
      y0 = y;
    },
    lineEnd() {
      if (inPolygon && !first) polygonSum += y0 * x00 - x0 * y00;
    },
    area: () => total / 2,
  };
}

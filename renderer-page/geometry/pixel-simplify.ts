// Detail matched to the output: after projection, a vertex closer than `tolerance` px to the last one kept
// is dropped. At 1200 px the finest world outlines lose nine vertices in ten and not a visible pixel.
import { geoTransform, type GeoStream, type GeoStreamWrapper } from 'd3';

/** The filter for one stream (its state is that stream's); what it does not define passes through. */
function subPixelFilter(squared: number): GeoStreamWrapper {
  let inLine = false;
  let kept = 0;
  let lastX = 0;
  let lastY = 0;
  let pendingX = 0;
  let pendingY = 0;
  let pending = false;
  return geoTransform({
    point(x: number, y: number) {
      if (!inLine) {
        this.stream.point(x, y);
      } else if (kept === 0 || (x - lastX) ** 2 + (y - lastY) ** 2 >= squared) {
        this.stream.point(x, y);
        lastX = x;
        lastY = y;
        kept++;
        pending = false;
      } else {
        pendingX = x;
        pendingY = y;
        pending = true;
      }
    },
    lineStart() {
      inLine = true;
      kept = 0;
      pending = false;
      this.stream.lineStart();
    },
    lineEnd() {
      // a line keeps its last vertex, so rings close and lines reach their end
      if (pending) this.stream.point(pendingX, pendingY);
      inLine = false;
      this.stream.lineEnd();
    },
  });
}

/** The sub-pixel filter in front of `output`. */
export function subPixelStream(output: GeoStream, tolerance = 0.5): GeoStream {
  return subPixelFilter(tolerance * tolerance).stream(output);
}

/** `projection`, then the sub-pixel filter, as a stream wrapper for geoPath. */
export function simplifiedProjection(projection: GeoStreamWrapper, tolerance = 0.5): GeoStreamWrapper {
  return { stream: (output) => projection.stream(subPixelStream(output, tolerance)) };
}

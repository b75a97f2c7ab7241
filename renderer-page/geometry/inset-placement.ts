// Where an inset's panel goes: over the sea or empty page, never over land, the country's own or a neighbour's.
// A panel is drawn over empty page, so whatever it lies on is hidden: Bjørnøya's panel sat on Finland, the EU's
// outermost regions on Russia, where a reader took the frame for a piece of that country.
import { polygonContains, type GeoProjection } from 'd3';
import { streamOutline, type Outline } from './outline.ts';
import { apart, boxOf, boxProbes, height, side, union, width, type Box, type Point } from './composite-projection.ts';

/** A ring of land where panels may be placed, and the box around it, which spares most rings a look. */
export interface Land {
  ring: Point[];
  box: Box;
}

/** The rings of `outlines` (the neighbouring land) through `projection`, clipped to `extent`: a neighbour's whole
 *  outline (Russia's) reaches round the globe, where its projected ring would mean nothing; clipped, it is the land
 *  in view, and a neighbour that covers all of the extent comes out as the extent's own rectangle. */
export function landIn(projection: GeoProjection, outlines: Outline[], extent: Box): Land[] {
  const land: Land[] = [];
  let ring: Point[] = [];
  const nothing = () => {};
  const stream = projection.clipExtent(extent).stream({
    polygonStart: nothing,
    polygonEnd: nothing,
    lineStart() {
      ring = [];
    },
    point(x, y) {
      ring.push([x, y]);
    },
    lineEnd() {
      if (ring.length > 2) land.push({ ring, box: boxOf(ring) });
    },
    sphere: nothing,
  });
  for (const outline of outlines) streamOutline(outline, stream);
  return land;
}

/** A free place for a `w` × `h` panel, over no land and no panel placed: inside the frame so far (the mainland's
 *  box and the panels placed) if it can, else reaching out of it as little as it can (Bjørnøya's panel above
 *  Troms, over the Barents Sea, rather than beside Russia); among those, nearest `wanted`. Failing all, beside the
 *  frame, on the side `wanted` lies. `land` must
 *  cover the frame and a panel's size around it. */
export function placePanel(mainland: Box, land: Land[], taken: Box[], w: number, h: number, wanted: Point): Box {
  const frame = taken.reduce(union, mainland);
  const [[x0, y0], [x1, y1]] = [
    [frame[0][0] - w, frame[0][1] - h],
    [frame[1][0] + w, frame[1][1] + h],
  ];
  const gap = side(mainland) * 0.02;
  const free = (panel: Box) => {
    if (taken.some((t) => apart(t, panel) < gap)) return false;
    const [[px0, py0], [px1, py1]] = panel;
    const probes = boxProbes(panel);
    for (const { ring, box } of land) {
      if (apart(box, panel) > gap) continue;
      if (ring.some(([x, y]) => x >= px0 - gap && x <= px1 + gap && y >= py0 - gap && y <= py1 + gap)) return false;
      if (probes.some((p) => polygonContains(ring, p))) return false;
    }
    return true;
  };
  // a third of the panel's shorter side apart (at most a twelfth of the box): a small panel fits between islands
  // that a coarse grid would have it straddle
  const step = Math.min(Math.min(w, h) / 3, side(mainland) / 12);
  const [columns, rows] = [Math.ceil((x1 - x0 - w) / step), Math.ceil((y1 - y0 - h) / step)];
  const area = (box: Box) => width(box) * height(box);
  let best: Box | null = null;
  let cost = Infinity;
  for (let i = 0; i <= columns; i++) {
    for (let j = 0; j <= rows; j++) {
      const x = x0 + ((x1 - x0 - w) * i) / columns;
      const y = y0 + ((y1 - y0 - h) * j) / rows;
      const panel: Box = [
        [x, y],
        [x + w, y + h],
      ];
      // the page the panel adds to the frame (which shrinks the map) counts in panels, the way to `wanted` in
      // mainlands: a place inside the frame wins over any outside it but one far off
      const grown = (area(union(frame, panel)) - area(frame)) / (w * h);
      const c = grown + Math.hypot(x + w / 2 - wanted[0], y + h / 2 - wanted[1]) / side(mainland);
      if (c < cost && free(panel)) [best, cost] = [panel, c];
    }
  }
  if (best) return best;
  // beside the mainland, level with where the part lies, after any panel already there
  const [[mx0, my0], [mx1, my1]] = mainland;
  const left = wanted[0] < (mx0 + mx1) / 2;
  const x = left ? frame[0][0] - gap - w : frame[1][0] + gap;
  const y = Math.min(Math.max(wanted[1] - h / 2, my0), Math.max(my0, my1 - h));
  return [
    [x, y],
    [x + w, y + h],
  ];
}

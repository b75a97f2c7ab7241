// A caption on each inset's panel that shows a part of a region whose main part lies elsewhere, as Eurostat
// captions the Union's outermost regions (`Canary Islands (ES)`) and a desk names Tokyo's Ogasawara islands: without
// one, a reader could not tell what a frame of islands in the sea was. A panel that holds a region whole, or its
// main part (Alaska, Hawaii, the Canaries on Spain's map, Svalbard), has none: the region's label names it. The
// caption is small muted text in a corner of its panel (else the middle of a side) clear of the land, at a size that
// follows the legend's (and so the output's), and is left out where even its smallest size finds no such place.
import { polygonContains, type GeoProjection } from 'd3';
import type { RenderContext } from '../context.ts';
import type { MapElement } from '../map-document.ts';
import type { MapText } from '../map-text.ts';
import type { ScopeRegion } from '../geometry/scope-geometry.ts';
import type { Panel } from '../geometry/inset-panels.ts';
import { outerRingSpans } from '../geometry/outline.ts';
import { boxProbes } from '../geometry/composite-projection.ts';
import { outermostAt } from '../geometry/eu-insets.ts';
import { textWidth, wrap } from '../fonts.ts';
import { el, px } from '../svg.ts';

type Point = [number, number];

/** The caption's size against the legend's, and the smallest it is drawn at. */
const [SHARE_OF_LEGEND, SMALLEST] = [0.85, 7];
/** At most this many lines, over at most this share of the panel's height. */
const [MOST_LINES, MOST_HEIGHT] = [2, 0.5];

/** Where in its panel a caption may go, as shares of the room across and down: the corners first, top left
 *  first, then the middles of the sides (between Guadeloupe and Martinique). */
const PLACES: Array<[number, number]> = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
  [0.5, 0],
  [0.5, 1],
  [0, 0.5],
  [1, 0.5],
];
const ANCHORS = ['start', 'middle', 'end'];

/** What a panel shows: the regions of which it holds only a part, and its polygons' outer rings. */
interface PanelContent {
  parts: string[];
  rings: Array<{ points: Float64Array; span: [number, number] }>;
}

/** Each panel's content: a region's polygon lies where its outer ring's first point goes. A region is "a part" in a
 *  panel that holds some of its polygons but neither all of them nor its largest (by its box in degrees). */
function panelContents(panels: Panel[], projection: GeoProjection, regions: ScopeRegion[]): PanelContent[] {
  const contents = panels.map((): PanelContent & { whole: boolean } => ({ parts: [], rings: [], whole: false }));
  const panelAt = ([x, y]: Point) =>
    panels.findIndex(([[x0, y0], [x1, y1]]) => x >= x0 && x <= x1 && y >= y0 && y <= y1);
  for (const { id, outline } of regions) {
    const { points } = outline;
    const placed = outerRingSpans(outline).flatMap((span) => {
      const at = projection([points[2 * span[0]], points[2 * span[0] + 1]]);
      return at ? [{ panel: panelAt(at as Point), span }] : [];
    });
    // most regions (the mainland's) lie in no panel, and need not be measured
    if (placed.every(({ panel }) => panel < 0)) continue;
    const size = ([start, end]: [number, number]) => {
      let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let i = start; i < end; i++) {
        [west, east] = [Math.min(west, points[2 * i]), Math.max(east, points[2 * i])];
        [south, north] = [Math.min(south, points[2 * i + 1]), Math.max(north, points[2 * i + 1])];
      }
      return (east - west) * (north - south);
    };
    const sizes = placed.map(({ span }) => size(span));
    const largest = placed[sizes.indexOf(Math.max(...sizes))].panel;
    for (const panel of new Set(placed.map((p) => p.panel))) {
      if (panel < 0) continue;
      const content = contents[panel];
      if (largest === panel) content.whole = true;
      else content.parts.push(id);
      for (const { span } of placed.filter((p) => p.panel === panel)) content.rings.push({ points, span });
    }
  }
  return contents.map(({ parts, rings, whole }) => ({ parts: whole ? [] : parts, rings }));
}

/** The land a panel draws, projected: only the panels with a caption to place need it. */
const landOf = (projection: GeoProjection, { rings }: PanelContent): Point[][] =>
  rings.map(({ points, span: [start, end] }) => {
    const ring: Point[] = [];
    for (let i = start; i < end; i++) {
      const at = projection([points[2 * i], points[2 * i + 1]]);
      if (at) ring.push(at as Point);
    }
    return ring;
  });

/** A region's name in the locale, else `english`: the locale's names hold only those that differ from English,
 *  and the scope's own names only its regions (not the Union's outermost regions). */
function nameOf(text: MapText, id: string, english: string): string {
  const named = text.name(id);
  return named === id ? english : named;
}

/** What the panel's caption says: on the Union's map the outermost region and its country's code, as Eurostat
 *  writes them; elsewhere the names of the regions it shows a part of. */
function captionOf(ctx: RenderContext, [[x0, y0], [x1, y1]]: Panel, parts: string[]): string {
  const { spec, text, frame } = ctx;
  if (spec.scope === 'EU') {
    const place = frame.projection.invert?.([(x0 + x1) / 2, (y0 + y1) / 2]);
    const outermost = place ? outermostAt(place as Point) : [];
    if (outermost.length)
      return `${outermost.map(([id, name]) => nameOf(text, id, name)).join(', ')} (${outermost[0][0].slice(0, 2)})`;
  }
  return parts.map((id) => text.name(id)).join(', ');
}

/** The caption's words in lines no wider than `room` at `size`, or null when a word is wider or the lines are too
 *  many. */
function lines(caption: string, size: number, room: number): string[] | null {
  const set = wrap(caption, size, room);
  return set.length <= MOST_LINES && set.every((line) => textWidth(line, size) <= room) ? set : null;
}

/** Whether a box covers some of the land: a point of it inside the box, or the box inside it. */
function overLand(land: Point[][], box: Panel): boolean {
  const [[x0, y0], [x1, y1]] = box;
  const probes = boxProbes(box);
  for (const ring of land) {
    if (ring.some(([x, y]) => x >= x0 && x <= x1 && y >= y0 && y <= y1)) return true;
    if (ring.length > 2 && probes.some((p) => polygonContains(ring, p))) return true;
  }
  return false;
}

/** The caption at the first place in `panel` free of land (PLACES), at the largest size that has one: none where
 *  no size has, since a caption over the land would hide the data it shows. */
function captionText(ctx: RenderContext, panel: Panel, text: string, land: Point[][]): MapElement | null {
  const { doc, theme, layout } = ctx;
  const [[x0, y0], [x1, y1]] = panel;
  for (let size = Math.round(layout.legendFontSize * SHARE_OF_LEGEND); size >= SMALLEST; size--) {
    const pad = Math.max(2, size * 0.4);
    const set = lines(text, size, x1 - x0 - 2 * pad);
    const height = set ? set.length * size * 1.2 : Infinity;
    if (!set || height + 2 * pad > MOST_HEIGHT * (y1 - y0)) continue;
    const wide = Math.max(...set.map((line) => textWidth(line, size)));
    for (const [across, down] of PLACES) {
      const left = x0 + pad + across * (x1 - x0 - 2 * pad - wide);
      const top = y0 + pad + down * (y1 - y0 - 2 * pad - height);
      const box: Panel = [
        [left, top],
        [left + wide, top + height],
      ];
      if (overLand(land, box)) continue;
      const x = px(left + across * wide);
      const caption = el(doc, 'text', {
        x,
        y: px(top + size * 0.95),
        'font-size': size,
        'text-anchor': ANCHORS[across * 2],
        fill: theme.textMuted,
        'data-caption': text,
      });
      set.forEach((line, i) => caption.appendChild(el(doc, 'tspan', { x, dy: i ? px(size * 1.2) : null }, line)));
      return caption;
    }
  }
  return null;
}

/** The captions of the panels that show a part of a region whose main part is elsewhere, drawn with the panels in
 *  the background layer (layers/background.ts): the SVG's layers are fixed (DECISIONS.md §7), and a caption
 *  belongs to its panel. */
export function insetCaptions(ctx: RenderContext): MapElement[] {
  const { frame, geometry } = ctx;
  if (!frame.panels.length) return [];
  const contents = panelContents(frame.panels, frame.projection, geometry.regions);
  return frame.panels.flatMap((panel, i) => {
    const { parts } = contents[i];
    const caption = parts.length
      ? captionText(ctx, panel, captionOf(ctx, panel, parts), landOf(frame.projection, contents[i]))
      : null;
    return caption ? [caption] : [];
  });
}

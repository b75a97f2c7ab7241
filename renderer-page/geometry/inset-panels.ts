// The panels of a composite projection's insets (d3-composite-projections): the part of the picture each far-away
// piece of the scope is drawn in. A desk draws an inset in a thin frame over empty page; without one, Alaska
// and Hawaii float over Mexico and the EU's outermost regions over Russia. The composite itself knows where its
// insets go only as the borders it draws between them (`getCompositionBorders`): a box per inset, or for Spain
// the two sides of the Canaries' corner. The box around each piece of those borders is the inset's panel.
import type { GeoProjection } from 'd3';

/** [[x0, y0], [x1, y1]] in px */
export type Panel = [[number, number], [number, number]];

type Composite = GeoProjection & { getCompositionBorders?: () => string };

/** The box around each piece (`M…`) of the path data d3-path writes for the borders. */
function piecesOf(borders: string): Panel[] {
  return borders
    .split('M')
    .slice(1)
    .flatMap((piece) => {
      const numbers = (piece.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/gi) ?? []).map(Number);
      if (numbers.length < 4) return [];
      const xs = numbers.filter((_, i) => i % 2 === 0);
      const ys = numbers.filter((_, i) => i % 2 === 1);
      return [
        [
          [Math.min(...xs), Math.min(...ys)],
          [Math.max(...xs), Math.max(...ys)],
        ] as Panel,
      ];
    });
}

const contains = ([[x0, y0], [x1, y1]]: Panel, [x, y]: [number, number]) => x >= x0 && x <= x1 && y >= y0 && y <= y1;

/** The panels, through `projection` as it stands, of the insets that show one of `places` (lon, lat): the
 *  United States' composite has panels for territories a scope may not hold. */
export function insetPanels(projection: GeoProjection, places: Array<[number, number]>): Panel[] {
  const borders = (projection as Composite).getCompositionBorders?.();
  if (!borders) return [];
  const drawn = places.flatMap((place) => {
    const point = projection(place);
    return point ? [point] : [];
  });
  return piecesOf(borders).filter((panel) => drawn.some((point) => contains(panel, point)));
}

// The European Union's outermost regions in panels of their own, over the Atlantic. d3-composite-projections'
// Europe has a fixed layout whose panels stand in a column over Russia and Belarus, where a reader took them for
// part of those countries' land. Here the mainland is fitted alone (remote-insets.ts's insetsComposite, as a
// country with far islands) and each outermost region (TFEU art. 349) gets a panel of one width, in a column west
// of the mainland over the open Atlantic, as on Eurostat's maps. Parts of members that are not in the Union (the
// Caribbean Netherlands, overseas countries and territories) fall outside the picture.
import type { GeoProjection } from 'd3';
import type { ScopeGeometry } from './scope-geometry.ts';
import { side, type LonLatBounds } from './composite-projection.ts';
import { insetsComposite, pieces, type FarPart, type PanelPlacer, type Piece } from './remote-insets.ts';

/** Where the Union's mainland lies: the continent, its islands, Cyprus and Malta. */
const MAINLAND: LonLatBounds = [
  [-12, 34],
  [45, 72],
];

/** Each panel's width, and its content's longer side, as a share of the mainland's side. */
const PANEL_SIDE = 0.1;
/** Above each panel's content, a band for its caption (inset-captions.ts), as a share of the mainland's side: two
 *  lines of it, at the size captions take against a map the mainland's width. Small panels (640 px wide maps)
 *  had no corner free of Madeira or Réunion for it. */
const CAPTION_BAND = 0.03;

/** An outermost region: its ISO 3166-2 id and English name, as its panel's caption names it. */
type Outermost = [id: string, name: string];

/** The outermost regions by the box they lie in, in the order their panels are stacked from the bottom of the
 *  column: the Canaries nearest their own place, the regions across the oceans at the top. Guadeloupe and
 *  Martinique, 120 km apart, share a panel. */
const OUTERMOST: Array<{ regions: Outermost[]; box: LonLatBounds }> = [
  {
    regions: [['ES-CN', 'Canary Islands']],
    box: [
      [-18.5, 27.4],
      [-13, 29.5],
    ],
  },
  {
    regions: [['PT-30', 'Madeira']],
    box: [
      [-17.5, 32.3],
      [-16, 33.2],
    ],
  },
  {
    regions: [['PT-20', 'Azores']],
    box: [
      [-32, 36.5],
      [-24.5, 40],
    ],
  },
  {
    regions: [['FR-976', 'Mayotte']],
    box: [
      [44.9, -13.1],
      [45.4, -12.6],
    ],
  },
  {
    regions: [['FR-974', 'Réunion']],
    box: [
      [55, -21.5],
      [56, -20.8],
    ],
  },
  {
    regions: [['FR-973', 'French Guiana']],
    box: [
      [-55, 2],
      [-51.5, 6],
    ],
  },
  {
    regions: [
      ['FR-971', 'Guadeloupe'],
      ['FR-972', 'Martinique'],
    ],
    box: [
      [-62, 14.2],
      [-60.7, 16.6],
    ],
  },
];

/** The outermost regions a panel of the Union's map shows, by a place in it (lon, lat), or none. */
export function outermostAt([lon, lat]: [number, number]): Outermost[] {
  return (
    OUTERMOST.find(
      ({ box: [[west, south], [east, north]] }) => lon >= west && lon <= east && lat >= south && lat <= north,
    )?.regions ?? []
  );
}

/** The panels in a column of one width west of the mainland's box, over the Atlantic, stacked up from the
 *  mainland's southern edge (Eurostat's maps stand them in a column too). */
const column: PanelPlacer = (mainland, _land, taken, w, h) => {
  const gap = side(mainland) * 0.02;
  const right = mainland[0][0] - gap;
  const bottom = taken.length ? Math.min(...taken.map(([[, top]]) => top)) - gap : mainland[1][1];
  return [
    [right - Math.max(w, PANEL_SIDE * side(mainland)), bottom - h],
    [right, bottom],
  ];
};

const inside = ([[west, south], [east, north]]: LonLatBounds, { lonLat: [[w, s], [e, n]] }: Piece) =>
  w >= west && e <= east && s >= south && n <= north;

/** The Union's composite: its mainland in `mainlandProjection`, each outermost region the scope draws in a panel. */
export function euInsets(
  geometry: ScopeGeometry,
  provisional: GeoProjection,
  mainlandProjection: (bounds: LonLatBounds) => () => GeoProjection,
): (() => GeoProjection) | null {
  const all = pieces(geometry, provisional.scale(150).translate([0, 0]));
  const mainland = all.filter((piece) => inside(MAINLAND, piece));
  const far = OUTERMOST.flatMap(({ box }): FarPart[] => {
    const members = all.filter((piece) => inside(box, piece));
    return members.length ? [{ members, side: PANEL_SIDE, band: CAPTION_BAND }] : [];
  });
  return mainland.length ? insetsComposite(geometry, mainland, far, mainlandProjection, column) : null;
}

// What every theme defines. Palettes are literal `#rrggbb` stops; class colours are sampled from them.
// DECISIONS §11: the sea (`background` and `water`), `noData`, the lowest class (`sequential[0]`) and the
// diverging midpoint are pairwise at least 1.25:1 apart in WCAG contrast, so each reads by lightness alone,
// also in greyscale print (tests/unit/themes.test.ts checks it).
export interface Theme {
  background: string;
  /** the globe or sea behind the land */
  water: string;
  /** land outside the scope's regions (neighbouring countries shown as context) */
  land: string;
  /** regions of the scope that carry no data */
  noData: string;
  border: string;
  text: string;
  /** muted text: subtitle, attribution */
  textMuted: string;
  highlight: string;
  /** legend box behind the swatches */
  panel: string;
  /** light to strong, at least 5 stops */
  sequential: string[];
  /** negative, neutral, positive; odd count */
  diverging: string[];
  /** 12 distinct colours, none near `noData` (a category never reads as no data); past 12 the request is refused */
  categorical: string[];
}

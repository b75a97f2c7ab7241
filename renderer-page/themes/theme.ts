// What every theme defines. Palettes are literal `#rrggbb` stops; class colours are sampled from them.
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
  /** at least 10 distinct colours */
  categorical: string[];
}

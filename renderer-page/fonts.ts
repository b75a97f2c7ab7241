// Pool pages load Noto Sans (from @fontsource) before the first render, so measurements are the same
// in every page; a standalone SVG falls back to the viewer's sans-serif.
export const FONT_FAMILY = "'Noto Sans', 'DejaVu Sans', Arial, sans-serif";

let measure: CanvasRenderingContext2D | null = null;

/** Advance width of `text` in px, measured with the font the PNG is drawn with. */
export function textWidth(doc: Document, text: string, fontSize: number, weight = 400): number {
  measure ??= doc.createElement('canvas').getContext('2d');
  if (!measure) return text.length * fontSize * 0.55;
  measure.font = `${weight} ${fontSize}px ${FONT_FAMILY}`;
  return Math.ceil(measure.measureText(text).width);
}

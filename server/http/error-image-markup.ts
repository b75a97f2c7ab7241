// The picture of a failed map for an <img>: an SVG document of a light panel with the error's code in dark red
// and its message wrapped to the width, readable on any page whatever its theme. The message may quote what the
// user sent, so every text is escaped: it reaches the image as text, never as markup.
import { NOT_XML_TEXT } from '../request/schema-parts.ts';

export interface ErrorPicture {
  status: number;
  code: string;
  message: string;
  width: number;
  height: number;
}

const PANEL = '#f8fafc';
const EDGE = '#cbd5e1';
const CODE_INK = '#9b1c1c';
const TEXT_INK = '#1f2937';
// Noto Sans where the SVG is drawn in a pool page (the page loads it); in an <img>, the browser's own sans.
const FONTS = "'Noto Sans', 'DejaVu Sans', Arial, sans-serif";
/** Noto Sans's mean advance of English text, in ems, rounded up so a line rarely outgrows its estimate. */
const EM_PER_CHARACTER = 0.56;

/** Markup characters as references; what XML cannot hold at all (a control character quoted from a query
 *  parameter's name) as U+FFFD, since one such character would make the whole picture unreadable. */
const escape = (text: string) =>
  text.replace(new RegExp(NOT_XML_TEXT, 'gu'), '\uFFFD').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** `text` in lines of at most `columns` characters, broken between words (a longer word is cut). */
export function wrapText(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > columns) {
      if (line) lines.push(line);
      lines.push(word.slice(0, columns));
      word = word.slice(columns);
      line = '';
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= columns) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The lines that fit in `rows`, the last one ending in an ellipsis when some are left out. */
function fitted(lines: string[], rows: number): string[] {
  if (lines.length <= rows) return lines;
  const kept = lines.slice(0, Math.max(1, rows));
  kept[kept.length - 1] = `${kept[kept.length - 1]!.replace(/\s*\S{0,2}$/, '')}…`;
  return kept;
}

export function errorImageSvg({ status, code, message, width, height }: ErrorPicture): string {
  const pad = Math.round(clamp(Math.min(width, height) * 0.06, 4, 24));
  const size = Math.round(clamp(Math.min(width / 28, height / 8), 9, 20));
  const leading = Math.round(size * 1.35);
  const columns = Math.max(8, Math.floor((width - 2 * pad) / (size * EM_PER_CHARACTER)));
  const rows = Math.floor((height - 2 * pad - leading * 1.3) / leading);
  const lines = fitted(wrapText(message, columns), rows);
  const block = leading * 1.3 + lines.length * leading;
  // the block centred in the panel, each line placed by its baseline
  const top = Math.max(pad, Math.round((height - block) / 2)) + size;
  const text = (y: number, ink: string, weight: number, content: string, px = size) =>
    `<text x="${pad}" y="${y}" fill="${ink}" font-size="${px}" font-weight="${weight}">${escape(content)}</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="${FONTS}">`,
    `<title>${escape(`The map could not be drawn: ${message}`)}</title>`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" fill="${PANEL}" stroke="${EDGE}"/>`,
    text(top, CODE_INK, 700, `${status} ${code}`, Math.round(size * 1.1)),
    ...lines.map((line, i) => text(top + Math.round(leading * 1.3) + i * leading, TEXT_INK, 400, line)),
    '</svg>',
  ].join('\n');
}

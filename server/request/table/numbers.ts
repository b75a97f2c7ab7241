// Numbers as people write them in tables (DECISIONS §10): `1,234,567`, `1.234.567`, `1 234 567` (plain, no-break
// or narrow no-break spaces), `1'234'567`, a decimal comma, `12.5%`, currency signs before or after, `−5`
// (U+2212), `(5)` for −5, exponents.
//
// `1,234` and `684.864` could be either a decimal or a thousands group, so the decimal mark is decided for a
// whole COLUMN from all its cells, never per cell: a cell that settles it (`1,5`, `0.25`, `1.234,5`, `1,234,567`)
// decides its column; a column of only ambiguous cells follows the other columns of the file, then the
// delimiter (a `;`-separated file is a European export, whose `.` groups thousands), then `.`.
import { isMissing } from './missing.ts';

export type DecimalMark = '.' | ',';

/** A cell that may be a number, before its decimal mark is known. */
interface Shape {
  negative: boolean;
  percent: boolean;
  /** the digits with their separators, no sign, currency or percent sign */
  body: string;
  exponent: string;
  /** the mark the cell alone shows is its decimal mark, or null */
  settles: DecimalMark | null;
}

const CURRENCY = /^[€$£¥]|[€$£¥]$/u;
/** digits with single separators between them (or `.5`), then perhaps an exponent */
const BODY = /^(?:\d(?:[\d.,'’\u00a0\u202f ]*\d)?|\.\d+)(?:[eE]([+-]?\d+))?$/u;
const OTHER_OF: Record<DecimalMark, DecimalMark> = { '.': ',', ',': '.' };

/** How a number may begin: a digit, a sign, a parenthesis, a point or a currency sign. */
const START = /^[\d(+\-\u2212.€$£¥]/u;
/** Most cells of most tables: digits, perhaps a minus and one dot. */
const PLAIN = /^-?\d+(?:\.\d+)?$/;

/** What a cell alone says about its decimal mark; null when it is no number whatever the mark. */
function shapeOf(trimmed: string): Shape | null {
  if (PLAIN.test(trimmed)) {
    const negative = trimmed.startsWith('-');
    const body = negative ? trimmed.slice(1) : trimmed;
    return { negative, percent: false, body, exponent: '', settles: settles(body) };
  }
  // text, as most cells of an id or category column are
  if (!START.test(trimmed)) return null;
  let text = trimmed;
  let negative = false;
  let percent = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  for (let pass = 0; pass < 2; pass++) {
    text = text.replace(CURRENCY, '').trim();
    const sign = /^[-+\u2212]/u.exec(text);
    if (sign) {
      if (negative && sign[0] !== '+') return null;
      negative ||= sign[0] !== '+';
      text = text.slice(1).trim();
    }
  }
  if (text.endsWith('%')) {
    percent = true;
    text = text.slice(0, -1).trim();
    text = text.replace(CURRENCY, '').trim();
  }
  const match = BODY.exec(text);
  if (!match) return null;
  const exponent = match[1] ?? '';
  const body = exponent ? text.slice(0, text.search(/[eE]/)) : text;
  return { negative, percent, body, exponent, settles: settles(body) };
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** The decimal mark a number's body shows by itself (see the file's comment), or null when it shows none.
 *  Written with indexes rather than splits and expressions: it runs for every cell of a column. */
function settles(body: string): DecimalMark | null {
  const dot = body.lastIndexOf('.');
  const comma = body.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) return dot > comma ? '.' : ',';
  const at = Math.max(dot, comma);
  if (at < 0) return null;
  const mark: DecimalMark = dot >= 0 ? '.' : ',';
  // twice or more, it groups thousands: the other mark is the decimal
  if (body.indexOf(mark) !== at) return OTHER_OF[mark];
  // `1,5`, `,5`, `0,123`, `1234,567`, `1 234,5`: no thousands group is written so
  if (body.length - at - 1 !== 3 || at === 0 || at > 3 || (at === 1 && body[0] === '0')) return mark;
  for (let i = 0; i < at; i++) if (!isDigit(body.charCodeAt(i))) return mark;
  return null;
}

/** The number a shape is with `decimal` as its decimal mark, or null when its groups are not groups of three. */
function valueOf(shape: Shape, decimal: DecimalMark): number | null {
  const { body } = shape;
  const at = body.lastIndexOf(decimal);
  const end = at >= 0 ? at : body.length;
  // digits since the last separator; a first group of 1 to 3 digits, then groups of exactly 3
  let run = 0;
  let grouped = false;
  let whole = '';
  for (let i = 0; i < end; i++) {
    const code = body.charCodeAt(i);
    if (isDigit(code)) {
      run++;
      continue;
    }
    if (body[i] === decimal || run === 0 || run > 3 || (grouped && run !== 3)) return null;
    whole += body.slice(i - run, i);
    grouped = true;
    run = 0;
  }
  if (grouped && run !== 3) return null;
  whole += body.slice(end - run, end);
  const fraction = at >= 0 ? body.slice(at + 1) : '';
  for (let i = 0; i < fraction.length; i++) if (!isDigit(fraction.charCodeAt(i))) return null;
  if (whole === '' && fraction === '') return null;
  const value = Number(`${whole || '0'}.${fraction || '0'}${shape.exponent ? `e${shape.exponent}` : ''}`);
  return shape.negative ? -value : value;
}

const likeNumber = (shape: Shape | null) =>
  shape !== null && (valueOf(shape, '.') !== null || valueOf(shape, ',') !== null);

/** Whether a trimmed cell is a number with one decimal mark or the other. */
export function isNumberLike(trimmed: string): boolean {
  return likeNumber(shapeOf(trimmed));
}

/** The shapes of a column's cells, worked out once: choosing the columns, voting on the decimal mark and reading
 *  the numbers each need them, and a 5,000-row table is read in 25 ms. Keyed by the column's cells, so they go
 *  with it. */
const SHAPES = new WeakMap<readonly string[], (Shape | null)[]>();

function shapesOf(cells: readonly string[]): (Shape | null)[] {
  let shapes = SHAPES.get(cells);
  if (!shapes) {
    shapes = cells.map((cell) => shapeOf(cell.trim()));
    SHAPES.set(cells, shapes);
  }
  return shapes;
}

/** How many cells of a column are numbers and how many text (empty and missing-value cells are neither). */
export function countKinds(cells: readonly string[]): { numbers: number; texts: number } {
  const shapes = shapesOf(cells);
  let numbers = 0;
  let texts = 0;
  cells.forEach((cell, i) => {
    if (likeNumber(shapes[i]!)) numbers++;
    else if (cell.trim() !== '' && !isMissing(cell.trim())) texts++;
  });
  return { numbers, texts };
}

export interface NumberColumn {
  /** per cell: its number, or null where the cell is no number (text, missing or empty) */
  values: (number | null)[];
  /** every number was written with `%` */
  percent: boolean;
  /** how many cells are numbers */
  count: number;
}

/** The marks each column's cells settle: counted per column, so that other columns can be consulted. */
export function markVotes(cells: readonly string[]): Record<DecimalMark, number> {
  const votes = { '.': 0, ',': 0 };
  for (const shape of shapesOf(cells)) if (shape?.settles) votes[shape.settles]++;
  return votes;
}

/** The decimal mark of a column: its own cells, else the file's other columns, else `fallback`. */
export function decideMark(own: Record<DecimalMark, number>, file: Record<DecimalMark, number>, fallback: DecimalMark) {
  if (own['.'] !== own[',']) return own['.'] > own[','] ? '.' : ',';
  if (file['.'] !== file[',']) return file['.'] > file[','] ? '.' : ',';
  return fallback;
}

/** A column's cells as numbers with `decimal` as their decimal mark. */
export function readNumbers(cells: readonly string[], decimal: DecimalMark): NumberColumn {
  const values: (number | null)[] = [];
  let count = 0;
  let percent = true;
  for (const shape of shapesOf(cells)) {
    const value = shape ? valueOf(shape, decimal) : null;
    values.push(value);
    if (value !== null) {
      count++;
      percent &&= shape!.percent;
    }
  }
  return { values, percent: percent && count > 0, count };
}

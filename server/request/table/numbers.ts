// Numbers as people write them in tables (DECISIONS §10): `1,234,567`, `1.234.567`, `1 234 567` (plain, no-break
// or narrow no-break spaces), `1'234'567`, a decimal comma, `12.5%`, currency signs before or after, `−5`
// (U+2212), `(5)` for −5, exponents.
//
// `1,234` and `684.864` could be either a decimal or a thousands group, so the decimal mark is decided for a
// whole COLUMN from all its cells, never per cell: a cell that settles it (`1,5`, `0.25`, `1.234,5`, `1,234,567`)
// decides its column; a column of only ambiguous cells follows the other columns of the file, then the
// delimiter (a `;`-separated file is a European export, whose `.` groups thousands), then `.`.
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
const SPACES = /[\s\u00a0\u202f]/gu;
/** digits with single separators between them (or `.5`), then perhaps an exponent */
const BODY = /^(?:\d(?:[\d.,'’\u00a0\u202f ]*\d)?|\.\d+)(?:[eE]([+-]?\d+))?$/u;
const OTHER_OF: Record<DecimalMark, DecimalMark> = { '.': ',', ',': '.' };

/** What a cell alone says about its decimal mark; null when it is no number whatever the mark. */
function shapeOf(trimmed: string): Shape | null {
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

/** The decimal mark a number's body shows by itself (see the file's comment), or null when it shows none. */
function settles(body: string): DecimalMark | null {
  const dot = body.indexOf('.');
  const comma = body.indexOf(',');
  if (dot >= 0 && comma >= 0) return body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
  const mark: DecimalMark | null = dot >= 0 ? '.' : comma >= 0 ? ',' : null;
  if (!mark) return null;
  // twice or more, it groups thousands: the other mark is the decimal
  if (body.indexOf(mark) !== body.lastIndexOf(mark)) return OTHER_OF[mark];
  const [before, after] = body.split(mark) as [string, string];
  const lead = before.replace(SPACES, '').replace(/['’]/gu, '');
  // `1,5`, `0,123`, `1234,567`, `1 234,5`: no thousands group is written so
  if (after.length !== 3 || lead === '0' || lead === '' || /[\s\u00a0\u202f'’]/u.test(before) || lead.length > 3)
    return mark;
  return null;
}

/** The number a shape is with `decimal` as its decimal mark, or null when its groups are not groups of three. */
function valueOf(shape: Shape, decimal: DecimalMark): number | null {
  const at = shape.body.lastIndexOf(decimal);
  const whole = at >= 0 ? shape.body.slice(0, at) : shape.body;
  const fraction = at >= 0 ? shape.body.slice(at + 1) : '';
  if (!/^\d*$/.test(fraction) || (at >= 0 && whole.includes(decimal))) return null;
  const groups = whole.split(/[.,'’\s\u00a0\u202f]/u);
  if (groups.length > 1 && (groups[0]!.length > 3 || groups[0] === '' || groups.slice(1).some((g) => g.length !== 3)))
    return null;
  if (whole === '' && fraction === '') return null;
  const value = Number(`${groups.join('') || '0'}.${fraction || '0'}${shape.exponent ? `e${shape.exponent}` : ''}`);
  return shape.negative ? -value : value;
}

/** Whether a trimmed cell is a number with one decimal mark or the other. */
export function isNumberLike(trimmed: string): boolean {
  const shape = shapeOf(trimmed);
  return shape !== null && (valueOf(shape, '.') !== null || valueOf(shape, ',') !== null);
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
  for (const cell of cells) {
    const mark = shapeOf(cell.trim())?.settles;
    if (mark) votes[mark]++;
  }
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
  for (const cell of cells) {
    const shape = shapeOf(cell.trim());
    const value = shape ? valueOf(shape, decimal) : null;
    values.push(value);
    if (value !== null) {
      count++;
      percent &&= shape!.percent;
    }
  }
  return { values, percent: percent && count > 0, count };
}

// Where the table is in a file as tools export it: the lines above it that are no part of it (a title, the World
// Bank's "Data Source" and "Last Updated Date", blank lines), the notes below it (Destatis's footnotes and
// source), and whether its first row is a header.
//
// - A row is furniture, not table, when most rows hold two cells or more and it holds one (a title, a rule of
//   underscores), or when it has fewer than half the cells most rows have (`"Last Updated Date","2024-06-28",`
//   over 69 columns), unless its first cell is a region of the scope (`DE,` with no value is data).
//   Furniture is skipped above the first and below the last table row; inside the table a row is read.
// - The first table row is a header (unless `header` says) when it names columns rather than holding a region
//   and a value: it writes a name over a column of numbers (`country,gdp`, `fips,value`, pandas' and R's
//   index header `""`); or it is not a region of the scope over a column of regions (`Land,Gruppe`); or every
//   cell of it is text and one is a word that names a column (`id`, `country`, `name`, `value`, ...) and it
//   holds no number a data row would (`ID,5` is Indonesia's row, `ID,` too). Under a header whose first cell is
//   empty, a row with an empty first cell and no number names the columns more closely and is the header.
import { isMissing } from './missing.ts';
import { isNumberLike } from './numbers.ts';
import type { Row } from './rows.ts';

export interface Layout {
  header: Row | null;
  body: Row[];
  /** the file lines skipped above and below the table, as ranges (`1-4`, `250`) */
  skipped: string[];
}

/** Words a header cell uses to name a column (matched as whole words, any case: `Country Name`, `iso_a2`). */
const COLUMN_WORDS = new Set([
  'id',
  'code',
  'name',
  'country',
  'region',
  'state',
  'county',
  'province',
  'land',
  'geo',
  'fips',
  'iso',
  'iso2',
  'iso3',
  'nuts',
  'value',
  'val',
  'count',
  'n',
  'amount',
  'color',
  'colour',
]);

const filled = (row: Row) => row.cells.reduce((n, cell) => (cell.trim() === '' ? n : n + 1), 0);
const range = (from: number, to: number) => (from === to ? `${from}` : `${from}-${to}`);

function mostCommon(values: number[]): number {
  const counts = new Map<number, number>();
  let best = 0;
  let bestCount = 0;
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount || (count === bestCount && value > best)) [best, bestCount] = [value, count];
  }
  return best;
}

/** A cell that holds a value of some kind: not empty, not a missing-value mark. */
const isText = (cell: string) => {
  const trimmed = cell.trim();
  return trimmed !== '' && !isMissing(trimmed) && !isNumberLike(trimmed);
};

function namesNumberColumn(first: Row, rest: Row[]): boolean {
  return first.cells.some((cell, j) => {
    if (!isText(cell)) return false;
    let numbers = 0;
    let texts = 0;
    for (const row of rest) {
      const below = (row.cells[j] ?? '').trim();
      if (isNumberLike(below)) numbers++;
      else if (isText(below)) texts++;
    }
    return numbers > 0 && numbers >= texts;
  });
}

function namesRegionColumn(first: Row, rest: Row[], knows: (cell: string) => boolean): boolean {
  return first.cells.some((cell, j) => {
    if (!isText(cell) || knows(cell)) return false;
    let known = 0;
    let given = 0;
    for (const row of rest) {
      const below = row.cells[j] ?? '';
      if (!isText(below)) continue;
      given++;
      if (knows(below)) known++;
    }
    return given > 0 && known * 2 >= given;
  });
}

function namedLikeHeader(first: Row, rest: Row[]): boolean {
  let last = first.cells.length;
  while (last > 0 && first.cells[last - 1]!.trim() === '') last--;
  const cells = first.cells.slice(0, last);
  const words = cells.flatMap((cell) => cell.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  if (!words.some((word) => COLUMN_WORDS.has(word))) return false;
  // `ID,5` and `ID,` are Indonesia's row in a file of two or three columns; a wide table's header may name
  // years (`"1960"`), which look like numbers
  const wide = Math.max(...rest.map((row) => row.cells.length), cells.length) > 3;
  if (wide) return cells.every((cell) => cell.trim() !== '');
  return first.cells.every((cell) => cell.trim() !== '' && !isNumberLike(cell.trim()));
}

/** Rows below the first that are enough to tell a header by: the guess stays linear in a table's width. */
const SAMPLE = 100;

/** Whether the first row names the columns (see the file's comment). */
function isHeader(first: Row, rest: Row[], knows: (cell: string) => boolean): boolean {
  const sample = rest.slice(0, SAMPLE);
  return namesNumberColumn(first, sample) || namesRegionColumn(first, sample, knows) || namedLikeHeader(first, sample);
}

/** The table among the file's rows (blank rows already left out); `header` as the request says, if it does. */
export function layOut(rows: Row[], header: boolean | undefined, knows: (cell: string) => boolean): Layout {
  const mostlyPairs = rows.filter((row) => filled(row) >= 2).length * 2 > rows.length;
  const width = mostCommon(rows.map((row) => row.cells.length));
  // below the table only a row whose one cell is its first is a note: `,2` there is a row without its id
  const isFurniture = (row: Row, below: boolean) =>
    ((mostlyPairs && filled(row) < 2 && (!below || row.cells[0]!.trim() !== '')) || row.cells.length * 2 < width) &&
    !knows(row.cells.find((cell) => cell.trim() !== '') ?? '');
  let start = 0;
  while (start < rows.length && isFurniture(rows[start]!, false)) start++;
  let end = rows.length;
  while (end > start && isFurniture(rows[end - 1]!, true)) end--;

  const skipped: string[] = [];
  if (start > 0) skipped.push(range(1, (rows[start]?.line ?? rows[start - 1]!.line + 1) - 1));
  if (end < rows.length) skipped.push(range(rows[end]!.line, rows[rows.length - 1]!.line));
  const table = rows.slice(start, end);
  const first = table[0];
  if (first === undefined || !(header ?? isHeader(first, table.slice(1), knows)))
    return { header: null, body: table, skipped };
  // a header of two rows (Destatis: `;Stichtag;Stichtag` over `;31.12.2022;31.12.2023`): the lower one names
  // the columns
  let names = 0;
  while (names + 1 < table.length && isSubHeader(table[names]!, table[names + 1]!)) names++;
  return { header: table[names]!, body: table.slice(names + 1), skipped };
}

/** A row under the header that names its columns more closely: no id, no number, text where the header has it. */
function isSubHeader(header: Row, row: Row): boolean {
  if (header.cells[0]!.trim() !== '' || row.cells[0]!.trim() !== '') return false;
  return row.cells.some((cell) => cell.trim() !== '') && row.cells.every((cell) => !isNumberLike(cell.trim()));
}

// A column's cells as region values, for a CSV body and a JSON body's records alike: numbers when the column
// holds them, read with the column's decimal mark; text categories when it holds text; no data where a cell
// says the value is missing.
import { ApiError } from '../../errors.ts';
import type { Column } from './columns.ts';
import { isMissing } from './missing.ts';
import { decideMark, markVotes, readNumbers, type DecimalMark } from './numbers.ts';
import { show } from './table-error.ts';

/** A cell's value: a number, a text category, null to highlight, undefined for no data. */
export type CellValue = number | string | null | undefined;

/** Text cells among numbers are refused, naming the first few with their lines. */
const LISTED = 3;

/** Cells of a column → values: numbers when the column holds them (with its decimal mark), else text. A
 *  missing-value mark, or an empty cell under a header, is no data (undefined); an empty cell without a header
 *  highlights (null, spec 2.8). `where` names a row in a message (`line 5`); `field` is the request's field at
 *  fault. */
export function readValues(
  column: Column,
  where: (row: number) => string,
  decimal: DecimalMark,
  field = 'body',
): { values: CellValue[]; percent: boolean } {
  const numbers = readNumbers(column.cells, decimal);
  const texts: number[] = [];
  const values = column.cells.map((cell, i): CellValue => {
    const trimmed = cell.trim();
    if (trimmed === '') return column.name === null ? null : undefined;
    if (isMissing(trimmed)) return undefined;
    if (numbers.values[i] !== null) return numbers.values[i];
    texts.push(i);
    return trimmed;
  });
  // a column of categories, some of which look like numbers (`Zone 1`, `2`): all text
  if (texts.length > numbers.count) {
    return {
      values: values.map((value, i) => (typeof value === 'number' ? column.cells[i]!.trim() : value)),
      percent: false,
    };
  }
  if (texts.length) {
    const found = texts
      .slice(0, LISTED)
      .map((i) => `${where(i)} ${show(column.cells[i]!.trim())}`)
      .join(', ');
    const name = column.name === null ? 'the value column' : `column ${show(column.name)}`;
    throw new ApiError(
      'invalid_data',
      `${name} holds text among its numbers: ${found}${texts.length > LISTED ? ` and ${texts.length - LISTED} more` : ''}; ` +
        'write a number, or leave the cell empty (or NA) for no data',
      field,
    );
  }
  return { values, percent: numbers.percent };
}

/** The decimal mark of the value column: the request's, else its cells', else the table's other columns', else
 *  `fallback` (`,` for a `;`-separated export, which writes decimal commas). */
export function decimalOf(
  columns: Column[],
  value: number,
  fallback: DecimalMark,
  given: DecimalMark | null | undefined,
): DecimalMark {
  if (given) return given;
  const own = markVotes(columns[value]!.cells);
  if (own['.'] !== own[',']) return own['.'] > own[','] ? '.' : ',';
  const file = { '.': 0, ',': 0 };
  columns.forEach((column, i) => {
    if (i === value) return;
    const votes = markVotes(column.cells);
    file['.'] += votes['.'];
    file[','] += votes[','];
  });
  return decideMark(own, file, fallback);
}

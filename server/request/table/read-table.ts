// A table as tools export it → the region items a JSON body holds (DECISIONS §10): rows.ts reads the cells,
// layout.ts finds the table and its header, columns.ts the id, value and colour columns, numbers.ts the
// numbers; what was skipped is reported, what cannot be read is a 400 that says where.
import { ApiError } from '../../errors.ts';
import type { RawRegion } from '../query-readers.ts';
import { HEX_COLOR } from '../region-value.ts';
import { chooseColumns, type Column, type ColumnOptions } from './columns.ts';
import { layOut } from './layout.ts';
import { isMissing } from './missing.ts';
import { decideMark, markVotes, readNumbers, type DecimalMark } from './numbers.ts';
import { readRows, type Delimiter } from './rows.ts';
import { failAt, show } from './table-error.ts';

export interface TableOptions extends ColumnOptions {
  /** whether the first row is a header; guessed when absent */
  header?: boolean;
  decimal?: DecimalMark;
}

export interface Table {
  regions: RawRegion[];
  /** file lines skipped above and below the table, as ranges (`1-4`) */
  skipped: string[];
  /** the value column was written as percentages (`12.5%`) */
  percent: boolean;
}

/** A cell's value: a number, a text category, null to highlight, undefined for no data. */
type CellValue = number | string | null | undefined;

/** Text cells among numbers are refused, naming the first few with their lines. */
const LISTED = 3;

/** Cells of a column → values: numbers when the column holds them (with its decimal mark), else text. A
 *  missing-value mark, or an empty cell under a header, is no data (undefined); an empty cell without a header
 *  highlights (null, spec 2.8). */
function readValues(column: Column, lines: number[], decimal: DecimalMark): { values: CellValue[]; percent: boolean } {
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
    const where = texts
      .slice(0, LISTED)
      .map((i) => `line ${lines[i]} ${show(column.cells[i]!.trim())}`)
      .join(', ');
    const name = column.name === null ? 'the value column' : `column ${show(column.name)}`;
    throw new ApiError(
      'invalid_data',
      `${name} holds text among its numbers: ${where}${texts.length > LISTED ? ` and ${texts.length - LISTED} more` : ''}; ` +
        'write a number, or leave the cell empty (or NA) for no data',
      'body',
    );
  }
  return { values, percent: numbers.percent };
}

/** The decimal mark of the value column: the request's, else its cells', else the file's other columns', else
 *  the delimiter's (a `;`-separated export writes decimal commas). */
function decimalOf(
  columns: Column[],
  value: number,
  delimiter: Delimiter,
  given: DecimalMark | undefined,
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
  return decideMark(own, file, delimiter === ';' ? ',' : '.');
}

function readColor(cell: string, line: number): string | undefined {
  const color = cell.trim();
  if (color === '') return undefined;
  if (!HEX_COLOR.test(color))
    failAt(line, `colour ${show(color)} is not #rrggbb (e.g. #ff0000); leave the cell empty for no colour`);
  return color;
}

/** The regions of a table's text. `knows`: whether a cell is a region of the request's scope. */
export function readTable(text: string, options: TableOptions, knows: (cell: string) => boolean): Table {
  const { rows, delimiter } = readRows(text);
  const { header, body, skipped } = layOut(rows, options.header, knows);
  if (body.length === 0)
    failAt(
      null,
      'the CSV body has no rows; send one region a line as id,value[,color] (a header row id,value[,color] is optional)',
    );
  const width = Math.max(header?.cells.length ?? 0, ...body.map((row) => row.cells.length));
  const columns: Column[] = Array.from({ length: width }, (_, j) => ({
    name: header ? (header.cells[j] ?? '').trim() : null,
    cells: body.map((row) => row.cells[j] ?? ''),
  }));
  const lines = body.map((row) => row.line);
  const choice = chooseColumns(columns, options, knows);
  const read =
    choice.value === null
      ? { values: [], percent: false }
      : readValues(columns[choice.value]!, lines, decimalOf(columns, choice.value, delimiter, options.decimal));

  const regions: RawRegion[] = [];
  body.forEach((row, i) => {
    const id = columns[choice.id]!.cells[i]!.trim();
    if (id === '') failAt(row.line, 'the id cell is empty; each row is id,value[,color] with a region id first');
    // a row that stops before the value column names a region to highlight (a list of ids under `id,value`),
    // as an empty cell does without a header
    const value = choice.value === null || row.cells.length <= choice.value ? null : read.values[i];
    const color = choice.color === null ? undefined : readColor(columns[choice.color]!.cells[i]!, row.line);
    // no data: the region is left out, and so drawn and counted as a region without data; a colour alone
    // still paints it (as `JP,,#0000ff` always did)
    if (value === undefined && color === undefined) return;
    const region: RawRegion = { id, value: value ?? null };
    if (color !== undefined) region.color = color;
    regions.push(region);
  });
  return { regions, skipped, percent: read.percent };
}

// A table as tools export it → the region items a JSON body holds (DECISIONS §10): rows.ts reads the cells,
// layout.ts finds the table and its header, columns.ts the id, value and colour columns, numbers.ts the
// numbers; what was skipped is reported, what cannot be read is a 400 that says where.
import type { RawRegion } from '../query-readers.ts';
import { HEX_COLOR } from '../region-value.ts';
import { chooseColumns, type Column, type ColumnOptions } from './columns.ts';
import { layOut } from './layout.ts';
import type { DecimalMark } from './numbers.ts';
import { readRows } from './rows.ts';
import { decimalOf, readValues } from './values.ts';
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

function readColor(cell: string, line: number): string | undefined {
  const color = cell.trim();
  if (color === '') return undefined;
  if (!HEX_COLOR.test(color))
    failAt(line, `colour ${show(color)} is not #rrggbb (e.g. #ff0000); leave the cell empty for no colour`);
  return color;
}

/** The regions of a table's text. `knows`: whether a cell is a region of the request's scope. */
export function readTable(text: string, options: TableOptions, knows: (cell: string) => boolean): Table {
  // `text/plain` is a table type, and some clients send JSON as it
  if (/^\uFEFF?\s*[{[]/.test(text))
    failAt(null, 'the body looks like JSON, not a table; send it with Content-Type: application/json');
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
      : readValues(
          columns[choice.value]!,
          (i) => `line ${lines[i]}`,
          decimalOf(columns, choice.value, delimiter === ';' ? ',' : '.', options.decimal),
        );

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

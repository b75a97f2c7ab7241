// A table as tools export it → the region items a JSON body holds (DECISIONS §10): rows.ts reads the cells,
// layout.ts finds the table and its header, columns.ts the id, value and colour columns, numbers.ts the
// numbers; what was skipped is reported, what cannot be read is a 400 that says where.
import type { RawRegion } from '../query-readers.ts';
import { HEX_COLOR } from '../region-value.ts';
import { chooseColumns, type Column, type ColumnChoice, type ColumnOptions } from './columns.ts';
import { layOut } from './layout.ts';
import type { DecimalMark } from './numbers.ts';
import { readRows } from './rows.ts';
import { isEurostat, unpackEurostat } from './eurostat.ts';
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
  /** what was read and left out, for /render/spec and the preview page; only when asked for */
  report?: TableReport;
}

/** A row the map leaves out: its id is no region of the scope, or its value cell says there is none. */
interface SkippedRow {
  line: number;
  id: string;
  reason: 'unknown id' | 'no value';
  /** the value cell as written, when it says there is no value (`..`, `NA`, empty) */
  cell?: string;
  /** for an unknown id, the region that draws it on this scope (Réunion within FR on `world`) */
  within?: string;
}

/** How a table was read: its columns and which were taken, how many rows, and the rows left out. */
export interface TableReport {
  /** each column's name: the header's cell, or its number from 1 in a table without a header */
  columns: string[];
  /** 1-based, as `idColumn`, `valueColumn` and `colorColumn` take them */
  idColumn: number;
  valueColumn: number | null;
  colorColumn: number | null;
  /** the table's rows, furniture around it not counted */
  rows: number;
  /** at most SKIPPED_LISTED of them, in file order; `skippedCount` counts them all */
  skippedRows: SkippedRow[];
  skippedCount: number;
}

/** Rows a report lists before it only counts: enough to see what went wrong, bounded for a 5,000-row file. */
const SKIPPED_LISTED = 100;

function readColor(cell: string, line: number): string | undefined {
  const color = cell.trim();
  if (color === '') return undefined;
  if (!HEX_COLOR.test(color))
    failAt(line, `colour ${show(color)} is not #rrggbb (e.g. #ff0000); leave the cell empty for no colour`);
  return color;
}

/** Why a region's second row is refused: the columns the two rows differ in say what to keep (a long table's
 *  `year`, Eurostat's `sex`). */
function givenAgain(columns: Column[], choice: ColumnChoice, first: number, again: number, lines: number[]): string {
  const id = columns[choice.id]!.cells[again]!.trim();
  const taken = [choice.id, choice.value, choice.color];
  const differ = columns.flatMap((column, j) => {
    const [a, b] = [column.cells[first]!.trim(), column.cells[again]!.trim()];
    return taken.includes(j) || a === b ? [] : [`${column.name ?? `column ${j + 1}`} (${show(a)}, ${show(b)})`];
  });
  const hint = differ.length ? `; the rows differ in ${differ.slice(0, 3).join(', ')}: keep the rows of one` : '';
  return `${show(id)} is given again, first on line ${lines[first]}: a map takes one value per region${hint}`;
}

/** The regions of a table's text. `knows`: whether a cell is a region of the request's scope; `report`: whether
 *  to say how the table was read (it looks every id up once more, which a render does not need). */
export function readTable(
  text: string,
  options: TableOptions,
  knows: (cell: string) => boolean,
  report = false,
): Table {
  // `text/plain` is a table type, and some clients send JSON as it
  if (/^\uFEFF?\s*[{[]/.test(text))
    failAt(null, 'the body looks like JSON, not a table; send it with Content-Type: application/json');
  const read = readRows(text);
  const rows = isEurostat(text) ? unpackEurostat(read.rows) : read.rows;
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
  const valueCells =
    choice.value === null
      ? { values: [], percent: false }
      : readValues(
          columns[choice.value]!,
          (i) => `line ${lines[i]}`,
          decimalOf(columns, choice.value, read.delimiter === ';' ? ',' : '.', options.decimal),
        );

  const regions: RawRegion[] = [];
  const skippedRows: SkippedRow[] = [];
  let skippedCount = 0;
  const skip = (entry: SkippedRow) => {
    if (++skippedCount <= SKIPPED_LISTED) skippedRows.push(entry);
  };
  const rowOf = new Map<string, number>();
  body.forEach((row, i) => {
    const id = columns[choice.id]!.cells[i]!.trim();
    if (id === '') failAt(row.line, 'the id cell is empty; each row is id,value[,color] with a region id first');
    const earlier = rowOf.get(id.toLowerCase());
    if (earlier !== undefined) failAt(row.line, givenAgain(columns, choice, earlier, i, lines));
    rowOf.set(id.toLowerCase(), i);
    // a row that stops before the value column names a region to highlight (a list of ids under `id,value`),
    // as an empty cell does without a header
    const value = choice.value === null || row.cells.length <= choice.value ? null : valueCells.values[i];
    const color = choice.color === null ? undefined : readColor(columns[choice.color]!.cells[i]!, row.line);
    // no data: the region is left out, and so drawn and counted as a region without data; a colour alone
    // still paints it (as `JP,,#0000ff` always did)
    if (value === undefined && color === undefined) {
      if (report) skip({ line: row.line, id, reason: 'no value', cell: columns[choice.value!]!.cells[i]!.trim() });
      return;
    }
    if (report && !knows(id)) skip({ line: row.line, id, reason: 'unknown id' });
    const region: RawRegion = { id, value: value ?? null };
    if (color !== undefined) region.color = color;
    regions.push(region);
  });
  const table: Table = { regions, skipped, percent: valueCells.percent };
  if (report) {
    const column = (index: number | null) => (index === null ? null : index + 1);
    table.report = {
      columns: columns.map((c, j) => c.name ?? String(j + 1)),
      idColumn: choice.id + 1,
      valueColumn: column(choice.value),
      colorColumn: column(choice.color),
      rows: body.length,
      skippedRows,
      skippedCount,
    };
  }
  return table;
}

// Which columns of a table hold the ids, the values and the colours (DECISIONS §10), for a CSV body and for a
// JSON body's records alike.
//
// - Ids: `idColumn` (a name in any case, or a 1-based number), else a column named `id` (or `geo`, Eurostat's
//   dimension of places), else the first column whose cells are mostly regions of the scope, else the first
//   column of text. A leading index column (pandas'
//   `to_csv()`: an unnamed column of 0, 1, 2...; R's `write.csv()`: `""` over "1", "2"...) is never taken.
// - Values: `valueColumn`, else a column named as spec 2.8 lists (`value`, `val`, `count`, `n`, `amount`), else
//   the only column of numbers; with several and no choice made, a 400 that lists them, never silently the
//   first. A table with no column of numbers takes its only other column as categories.
// - Colours: `colorColumn`, else a column named `color`.
// - A table without a header reads as spec 2.8 says: id, value, and nothing else.
import { ApiError } from '../../errors.ts';
import { countKinds } from './numbers.ts';
import { show } from './table-error.ts';

export interface Column {
  /** the header's name for it, trimmed; null in a table without a header */
  name: string | null;
  cells: string[];
}

export interface ColumnOptions {
  idColumn?: string | null;
  valueColumn?: string | null;
  colorColumn?: string | null;
}

export interface ColumnChoice {
  id: number;
  value: number | null;
  color: number | null;
}

const VALUE_NAMES = ['value', 'val', 'count', 'n', 'amount'];

/** A column list for a message: all of them when few, else the first and last three. */
function listNames(names: string[]): string {
  const shown = names.map((name) => (name === '' ? '(unnamed)' : name));
  if (shown.length <= 8) return shown.join(', ');
  return `${shown.slice(0, 3).join(', ')}, ... ${shown.slice(-3).join(', ')} (${shown.length} columns)`;
}

const named = (column: Column, wanted: string) => column.name?.toLowerCase() === wanted.toLowerCase();

/** The column an option names: by name, else by its 1-based number. */
function byOption(columns: Column[], option: string, field: keyof ColumnOptions): number {
  const wanted = option.trim();
  const index = columns.findIndex((column) => named(column, wanted));
  if (index >= 0) return index;
  if (/^\d+$/.test(wanted) && Number(wanted) >= 1 && Number(wanted) <= columns.length) return Number(wanted) - 1;
  const names = columns.map((column, i) => column.name ?? String(i + 1));
  throw new ApiError(
    'invalid_field',
    `${field} ${show(wanted)} names no column of the table; its columns are ${listNames(names)} (a name in any case, or a number from 1)`,
    field,
  );
}

/** pandas' or R's index: an unnamed first column counting rows from 0 or 1. */
function isIndex(column: Column, position: number): boolean {
  if (position !== 0 || column.name === null || !['', 'unnamed: 0'].includes(column.name.toLowerCase())) return false;
  const start = column.cells[0]?.trim();
  if (start !== '0' && start !== '1') return false;
  return column.cells.every((cell, i) => cell.trim() === String(i + Number(start)));
}

/** Whether a column holds numbers: some, and no more text cells than numbers (text among them is refused later). */
function holdsNumbers(column: Column): boolean {
  const { numbers, texts } = countKinds(column.cells);
  return numbers > 0 && numbers >= texts;
}

/** Cells enough to tell a column of regions by, so that choosing stays cheap on a 5,000-row table. */
const SAMPLE = 200;

/** The share of a column's cells that are regions of the scope, each counted once: a column naming the same
 *  region again and again groups the rows (INSEE's `CODREG`, the région of each département beside `CODDEP`),
 *  where a column of ids names each region once. */
function regionShare(column: Column, knows: (cell: string) => boolean): number {
  let given = 0;
  const known = new Set<string>();
  for (const cell of column.cells) {
    const trimmed = cell.trim();
    if (trimmed === '') continue;
    given++;
    if (knows(cell)) known.add(trimmed.toLowerCase());
    if (given === SAMPLE) break;
  }
  return given ? known.size / given : 0;
}

function chooseId(columns: Column[], candidates: number[], knows: (cell: string) => boolean): number {
  const id = candidates.find((i) => named(columns[i]!, 'id')) ?? candidates.find((i) => named(columns[i]!, 'geo'));
  if (id !== undefined) return id;
  const regions = candidates.find((i) => regionShare(columns[i]!, knows) >= 0.5);
  if (regions !== undefined) return regions;
  return candidates.find((i) => !holdsNumbers(columns[i]!)) ?? candidates[0] ?? 0;
}

function chooseValue(columns: Column[], candidates: number[]): number | null {
  const listed = candidates.find((i) => VALUE_NAMES.some((name) => named(columns[i]!, name)));
  if (listed !== undefined) return listed;
  const numeric = candidates.filter((i) => holdsNumbers(columns[i]!));
  const choices = numeric.length ? numeric : candidates;
  if (choices.length <= 1) return choices[0] ?? null;
  const names = choices.map((i) => columns[i]!.name ?? String(i + 1));
  throw new ApiError(
    'invalid_csv',
    `the table has ${choices.length} columns of ${numeric.length ? 'numbers' : 'values'} (${listNames(names)}); ` +
      `choose the one to map with valueColumn (its name, or its number from 1), e.g. valueColumn=${names[names.length - 1]}`,
    'valueColumn',
  );
}

/** The id, value and colour columns of a table whose columns are `columns`. */
export function chooseColumns(
  columns: Column[],
  options: ColumnOptions,
  knows: (cell: string) => boolean,
): ColumnChoice {
  const headed = columns.some((column) => column.name !== null);
  const pick = (field: keyof ColumnOptions) => {
    const option = options[field];
    return option === undefined || option === null ? undefined : byOption(columns, option, field);
  };
  const color = pick('colorColumn') ?? (headed ? columns.findIndex((column) => named(column, 'color')) : -1);
  const chosenId = pick('idColumn');
  const chosenValue = pick('valueColumn');
  if (!headed)
    return {
      id: chosenId ?? 0,
      value: chosenValue ?? (columns.length > 1 ? 1 : null),
      color: color < 0 ? null : color,
    };

  const free = (taken: (number | undefined)[]) =>
    columns.map((_, i) => i).filter((i) => !taken.includes(i) && i !== color && !isIndex(columns[i]!, i));
  const id = chosenId ?? chooseId(columns, free([chosenValue]), knows);
  const value = chosenValue ?? chooseValue(columns, free([id]));
  return { id, value, color: color < 0 ? null : color };
}

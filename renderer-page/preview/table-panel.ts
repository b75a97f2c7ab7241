// The table tab's feedback: which columns the service took for the ids and the values, offered as choices that
// set `idColumn` and `valueColumn` in the query string; and, with the results, the rows the map leaves out and
// why. Every string goes in as text.
import type { TableRead } from './api.ts';
import { byId, show } from './dom.ts';

export type ColumnParam = 'idColumn' | 'valueColumn';
const SELECTS: Record<ColumnParam, string> = { idColumn: 'table-id', valueColumn: 'table-value' };
const PARAMS = Object.keys(SELECTS) as ColumnParam[];

const option = (value: string, text: string) => {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  return element;
};

/** The header's names as a first guess, for when the service could not read the table (it asks which column of
 *  several to map): the widest of the first lines, split by the delimiter that splits it most. */
export function headerGuess(table: string): string[] {
  const lines = table.split(/\r?\n/, 10);
  let best: string[] = [];
  for (const line of lines) {
    for (const delimiter of ['\t', ';', ',']) {
      const cells = line.split(delimiter).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
      if (cells.length > best.length) best = cells;
    }
  }
  return best.length > 1 ? best : [];
}

/** The column choices of the table as read (else `guess`): first "as guessed", which leaves the choice to the
 *  service, then each column by number and name. `given`: the query's `idColumn` or `valueColumn` (a name or a
 *  number from 1). */
export function showColumns(
  read: TableRead | undefined,
  given: (param: ColumnParam) => string | null,
  guess: string[] = [],
): void {
  const columns = read?.columns ?? guess;
  for (const param of PARAMS) {
    const taken = read ? (param === 'idColumn' ? read.idColumn : read.valueColumn) : null;
    const guessed = taken === null ? 'as guessed' : `as guessed (${columns[taken - 1]})`;
    const select = byId(SELECTS[param], HTMLSelectElement);
    select.replaceChildren(
      option('', guessed),
      ...columns.map((name, i) => option(String(i + 1), `${i + 1}: ${name}`)),
    );
    const wanted = given(param)?.trim().toLowerCase();
    const index = columns.findIndex((name, i) => name.toLowerCase() === wanted || String(i + 1) === wanted);
    select.value = index >= 0 ? String(index + 1) : '';
  }
}

/** `choose` hears a column picked (null: back to the service's guess). */
export function onColumnChoice(choose: (param: ColumnParam, column: string | null) => void): void {
  for (const param of PARAMS) {
    const select = byId(SELECTS[param], HTMLSelectElement);
    select.addEventListener('change', () => choose(param, select.value === '' ? null : select.value));
  }
}

function why(row: TableRead['skippedRows'][number]): string {
  if (row.reason === 'unknown id' && row.within)
    return `drawn as part of ${row.within} on this scope: left out (its own scope draws it)`;
  if (row.reason === 'unknown id') return 'no region of this scope: left out';
  return `no value (${row.cell ? `“${row.cell}”` : 'empty'}): drawn as No data`;
}

/** How a table was read, in the results: its rows, the columns taken, and each row left out with the reason;
 *  hidden for a request without a table. */
export function showTableRead(read: TableRead | undefined): void {
  show(byId('table-read-term', HTMLElement), read !== undefined);
  const detail = byId('table-read', HTMLElement);
  show(detail, read !== undefined);
  if (!read) return;
  const column = (index: number | null) => (index === null ? 'no column' : `“${read.columns[index - 1]}”`);
  const summary = document.createElement('p');
  summary.textContent =
    `${read.rows} rows; ids from ${column(read.idColumn)}, values from ${column(read.valueColumn)}; ` +
    (read.skippedCount ? `${read.skippedCount} not drawn with a value:` : 'every row drawn');
  const list = document.createElement('ul');
  list.id = 'skipped-rows';
  for (const row of read.skippedRows) {
    const item = document.createElement('li');
    item.textContent = `line ${row.line}, ${row.id}: ${why(row)}`;
    list.append(item);
  }
  const more = read.skippedCount - read.skippedRows.length;
  if (more > 0) list.append(Object.assign(document.createElement('li'), { textContent: `and ${more} more` }));
  detail.replaceChildren(summary, ...(read.skippedCount ? [list] : []));
}

// A JSON body's `regions` as data tools write them (DECISIONS §10): values that are strings of numbers
// (`"0.097"`, `"1,234"`, as many exports quote every cell) are numbers unless `colorScale` is `categorical`
// (spec 2.2); and records with keys of their own (`[{"country": "DE", "gdp": 1}]`, pandas' `to_json(orient=
// "records")`) are a table, whose id and value columns are chosen as a CSV body's are (`idColumn`, `valueColumn`).
import type { Catalogue } from '../../topology/catalogue.ts';
import { ApiError } from '../errors.ts';
import type { RawRegion } from './query-readers.ts';
import { HEX_COLOR } from './region-value.ts';
import { chooseColumns, type Column } from './table/columns.ts';
import { isNumberLike } from './table/numbers.ts';
import { show } from './table/table-error.ts';
import { decimalOf, readValues } from './table/values.ts';
import { tableOptions } from './table-schema.ts';
import { regionsOfScope } from './scope-regions.ts';

const REGION_KEYS = new Set(['id', 'value', 'color', 'pattern', 'annotation']);

const isRecord = (item: unknown): item is Record<string, unknown> =>
  typeof item === 'object' && item !== null && !Array.isArray(item);

/** A record's cell as the text a CSV would hold; anything but a number, text or null is refused. */
function cellText(value: unknown, index: number, key: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new ApiError(
    'invalid_data',
    `regions[${index}].${key} must be a number, text or null (got ${Array.isArray(value) ? 'an array' : typeof value})`,
    `regions[${index}].${key}`,
  );
}

/** Records → region items, through the table reader's column choice and value reading. */
function fromRecords(
  records: Record<string, unknown>[],
  request: Record<string, unknown>,
  knows: (cell: string) => boolean,
): RawRegion[] {
  const keys = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const columns: Column[] = keys.map((key) => ({
    name: key,
    cells: records.map((record, i) => cellText(record[key], i, key)),
  }));
  const options = tableOptions(request);
  const choice = chooseColumns(columns, options, knows);
  const where = (i: number) => `regions[${i}]`;
  const read =
    choice.value === null
      ? null
      : readValues(columns[choice.value]!, where, decimalOf(columns, choice.value, '.', null), 'regions');
  const regions: RawRegion[] = [];
  records.forEach((_, i) => {
    const id = columns[choice.id]!.cells[i]!.trim();
    if (id === '') throw new ApiError('invalid_data', `${where(i)} has no id in ${show(keys[choice.id]!)}`, 'regions');
    const color = choice.color === null ? '' : columns[choice.color]!.cells[i]!.trim();
    if (color !== '' && !HEX_COLOR.test(color))
      throw new ApiError('invalid_data', `${where(i)}: colour ${show(color)} is not #rrggbb`, 'regions');
    // a record without a value is no data, as an empty cell under a CSV header is; a table of ids alone highlights
    const value = read ? read.values[i] : null;
    if (value === undefined && color === '') return;
    regions.push({ id, value: value ?? null, ...(color ? { color } : {}) });
  });
  return regions;
}

/** Region items whose values are all strings of numbers (or numbers) → numbers, read as a column. */
function numberStrings(items: Record<string, unknown>[]): Record<string, unknown>[] {
  const strings = items.filter((item) => typeof item.value === 'string');
  if (!strings.length || !strings.every((item) => isNumberLike((item.value as string).trim()))) return items;
  const column: Column = { name: 'value', cells: items.map((item) => cellText(item.value, 0, 'value')) };
  const { values } = readValues(column, (i) => `regions[${i}]`, decimalOf([column], 0, '.', null), 'regions');
  return items.map((item, i) => (typeof item.value === 'string' ? { ...item, value: values[i] } : item));
}

/** The request with its `regions` read as data tools write them; other requests as they are. */
export function readJsonRegions(input: unknown, catalogue: Catalogue): unknown {
  if (!isRecord(input) || !Array.isArray(input.regions) || !input.regions.every(isRecord)) return input;
  const items = input.regions as Record<string, unknown>[];
  // records: keys of their own, and either no `id` key or a column chosen (`{"id": "DE", "valu": 1}` is a region
  // item with a typo, which the schema names)
  const chosen = ['idColumn', 'valueColumn', 'colorColumn'].some((field) => input[field] != null);
  const own = items.some((item) => Object.keys(item).some((key) => !REGION_KEYS.has(key)));
  if (own && (chosen || !items.some((item) => 'id' in item))) {
    return { ...input, regions: fromRecords(items, input, regionsOfScope(catalogue, input)) };
  }
  const categorical = typeof input.colorScale === 'string' && input.colorScale.trim().toLowerCase() === 'categorical';
  return categorical ? input : { ...input, regions: numberStrings(items) };
}

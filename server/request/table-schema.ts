// The schema of the fields that say how to read a table body (DECISIONS §10), for schema.ts: they are read
// before the request is normalised (csv.ts, records.ts) and draw nothing themselves, so the normalised request
// does not carry them.
import { ValidationError, object } from 'yup';
import { ApiError } from '../errors.ts';
import { flag, oneOf, plainText } from './schema-parts.ts';

/** A column's name or number: longer than any header a tool writes. */
const COLUMN_LENGTH = 128;

const column = (field: string, what: string, otherwise: string) =>
  plainText(field, COLUMN_LENGTH).meta({
    description:
      `The column of ${what}: its header name (any case) or its 1-based number. With a CSV body, and with a JSON ` +
      `body whose \`regions\` are records of other keys (\`[{"country": "DE", "gdp": 1}]\`). Default: ${otherwise}.`,
    example: field === 'valueColumn' ? '2022' : field === 'idColumn' ? 'Country Code' : 'colour',
    tableOnly: true,
  });

export const tableFields = {
  header: flag('header').meta({
    description:
      "With a CSV body: whether its first row is a header. Default: guessed, a header when it names columns rather than holding a region and a value (`country,gdp`, `fips,value`, pandas' and R's index header).",
    example: true,
    tableOnly: true,
  }),
  idColumn: column(
    'idColumn',
    'region ids',
    'a column named `id`, else the first whose cells are region ids of the scope (a pandas or R index column never)',
  ),
  valueColumn: column(
    'valueColumn',
    'values',
    '`value`, `val`, `count`, `n` or `amount`, else the only column of numbers (with several, a 400 lists them)',
  ),
  colorColumn: column('colorColumn', '`#rrggbb` colours', 'a column named `color`'),
  decimal: oneOf(['.', ','] as const, 'decimal').meta({
    description:
      "With a CSV body: the decimal mark of its numbers. Default: decided per column from its cells (`1,5`, `0.25`, `1.234,5`), else from the file's other columns, else `,` in a `;`-separated file and `.` otherwise.",
    example: ',',
    tableOnly: true,
  }),
};

type TableFieldName = keyof typeof tableFields;
const TABLE_FIELDS = Object.keys(tableFields) as TableFieldName[];

const tableSchema = object(tableFields);

/** The table fields of a request (a query's text, or JSON), checked by their schema. */
export function tableOptions(request: Record<string, unknown>) {
  try {
    return tableSchema.validateSync(Object.fromEntries(TABLE_FIELDS.map((name) => [name, request[name]])));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ApiError('invalid_field', error.errors[0] ?? `${error.path} is not valid`, error.path);
  }
}

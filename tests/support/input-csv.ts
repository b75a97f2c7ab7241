// Generators of CSV-like request bodies for the property tests: spreadsheet exports as they come, well made or not.
import fc from 'fast-check';
import { category, color, id, numberText } from './input-tokens.ts';

const cell = fc.oneof(
  id,
  numberText,
  color,
  category,
  fc.constantFrom(
    'id',
    'ID',
    'value',
    'Value',
    'color',
    'colour',
    'count',
    '1,5',
    '-0,25',
    '',
    ' ',
    '"',
    '""',
    '"a"b',
    'a"b',
  ),
);
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** CSV-like text: a header or not, cells quoted or not (or badly), delimiters, line endings and a BOM mixed. */
export const csvText = fc
  .record({
    bom: fc.boolean(),
    header: fc.constantFrom(
      '',
      'id,value',
      'id,value,color',
      'ID;Value;Color',
      'id\tcount',
      'id,name',
      'id',
      'id,value,colour',
    ),
    delimiter: fc.constantFrom(',', ';', '\t', '|'),
    newline: fc.constantFrom('\n', '\r\n', '\r'),
    rows: fc.array(fc.array(fc.tuple(cell, fc.constantFrom('plain', 'quoted', 'broken')), { maxLength: 5 }), {
      maxLength: 8,
    }),
    trailing: fc.constantFrom('', '\n', '\r\n', '\n\n', ' '),
  })
  .map(({ bom, header, delimiter, newline, rows, trailing }) => {
    const lines = rows.map((cells) =>
      cells
        .map(([text, how]) => (how === 'quoted' ? quoted(text) : how === 'broken' ? `"${text}` : text))
        .join(delimiter),
    );
    if (header) lines.unshift(header.replace(/[,;\t]/g, delimiter));
    return (bom ? '\uFEFF' : '') + lines.join(newline) + trailing;
  });

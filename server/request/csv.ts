// The text/csv POST body (spec 2.8): `id,value[,color]` rows → the region items a JSON body holds.
//
// Decisions where the spec and brief are silent (kept here so the code and the reasons stay together):
// - Line endings are normalised to LF before parsing, so CRLF, LF, CR and mixed files read alike and every
//   reported line is the 1-based line of the file (a quoted field spanning lines counts all its lines).
// - The delimiter is `,`, `;` or tab, chosen from the first line that holds anything but whitespace and
//   delimiters, counting only delimiters outside quotes: the most frequent wins. On a tie `,` loses when every
//   comma sits between two digits (`DE;1,5` is a European export), else `,` wins; tab beats `;`.
// - A header is the first non-blank row when its first cell is `id` (trimmed, any case) and its second cell
//   is a name, not a number or empty — also when that row is not on line 1 because blank lines come first.
//   A first row whose second cell is a value header (`value`, `count`...) is a header whatever its first cell,
//   which must then be `id` (spec 2.8, DECISIONS §9): `name,value` is refused, naming the cell.
//   So a headerless file may start with Indonesia (`ID,5`); one starting `ID,High` needs a header row,
//   which the error for that case says.
// - The colour column is read only when the header's third cell is `color` (the spec's word; `colour` is
//   not read). Cells past the columns that are read are ignored, with or without a header, also when a row
//   has more cells than the header. A row with fewer cells has no value (highlight only) or no colour.
// - Blank rows, and rows holding only whitespace and delimiters, are skipped wherever they occur.
// - Reading stops at the first row past the 5000 regions a request may hold (too_many_items, naming its line),
//   rather than reading a million tiny rows to refuse them all.
import Papa from 'papaparse';
import { ApiError } from '../errors.ts';
import type { RawRegion } from './get-grammar.ts';
import { HEX_COLOR, parseValueText } from './region-value.ts';
import { parseQuery } from './get-grammar.ts';
import { FIELD_NAMES, LIMITS } from './schema.ts';

const VALUE_HEADERS = ['value', 'val', 'count', 'n', 'amount'];
const DELIMITERS = [',', ';', '\t'] as const;
type Delimiter = (typeof DELIMITERS)[number];
/** A value written with a decimal comma (`1,5`, `-0,25`), as `;`- and tab-separated European exports do. */
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

function fail(line: number | null, message: string): never {
  throw new ApiError('invalid_csv', line === null ? message : `line ${line}: ${message}`, 'body');
}

/** A cell quoted for a message, cut short so a huge cell cannot flood the response. */
function show(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** The delimiter of the first line with content (see the decisions above); `,` when it holds none.
 *  Not papaparse's guess (`delimitersToGuess`): it tries each delimiter on up to ten rows, opening quotes only
 *  right after the one tried, so `DE;"high, rising"` splits as well at its comma as at its semicolon and the
 *  tie goes to `,`; and the decimal-comma rule would still need this scan of the first line. */
function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let content = false;
  let quoted = false;
  let commasBetweenDigits = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      quoted = !quoted;
      content = true;
    } else if (quoted) {
      continue;
    } else if (char === '\n') {
      if (content) break;
      for (const delimiter of DELIMITERS) counts[delimiter] = 0;
      commasBetweenDigits = true;
    } else if (char === ',' || char === ';' || char === '\t') {
      counts[char]++;
      if (char === ',' && !(/\d/.test(text[i - 1] ?? '') && /\d/.test(text[i + 1] ?? ''))) commasBetweenDigits = false;
    } else if (char.trim() !== '') {
      content = true;
    }
  }
  const most = Math.max(...Object.values(counts));
  if (most === 0) return ',';
  const tied = DELIMITERS.filter((delimiter) => counts[delimiter] === most);
  if (tied.length === 1) return tied[0]!;
  if (tied.includes(',') && !commasBetweenDigits) return ',';
  return tied.includes('\t') ? '\t' : ';';
}

/** 1-based line of a character offset in LF-only text. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

interface Row {
  cells: string[];
  line: number;
}

/** Parses the whole body into rows with their first file line; the first quote error stops it, and so does a
 *  row past the regions a request may hold (and a header). */
function readRows(text: string, delimiter: Delimiter): Row[] {
  const rows: Row[] = [];
  let filled = 0;
  let start = 0;
  let line = 1;
  let problem: { line: number; message: string; code?: 'too_many_items' } | undefined;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
    step: (result, parser) => {
      const end = result.meta.cursor;
      const error = result.errors[0];
      if (error) {
        // Papaparse gives the offset just inside the opening quote of the faulty field.
        const at =
          error.index !== undefined && error.index >= start && error.index <= end ? lineAt(text, error.index) : line;
        const message =
          error.code === 'MissingQuotes'
            ? 'a quoted field is never closed; add the closing " (a quote inside a quoted field is written "")'
            : 'malformed quotes; after a closing " only the delimiter or the end of the line may follow, and a quote inside a quoted field is written ""';
        problem = { line: at, message };
        parser.abort();
        return;
      }
      if (!isBlank(result.data) && ++filled > LIMITS.regions + 1) {
        problem = {
          line,
          message: `the CSV body holds more than ${LIMITS.regions} rows of regions; a map takes at most ${LIMITS.regions}`,
          code: 'too_many_items',
        };
        parser.abort();
        return;
      }
      rows.push({ cells: result.data, line });
      for (let at = text.indexOf('\n', start); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) line++;
      start = end;
    },
  });
  if (problem?.code) throw new ApiError(problem.code, `line ${problem.line}: ${problem.message}`, 'body');
  if (problem) fail(problem.line, problem.message);
  return rows;
}

/** CSV region rows → the same region items a JSON body holds. Throws ApiError('invalid_csv', message naming the line, 'body'). */
export function parseCsvRegions(text: string): RawRegion[] {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const delimiter = detectDelimiter(normalised);
  const rows = readRows(normalised, delimiter).filter((row) => !isBlank(row.cells));

  let colorColumn = false;
  const first = rows[0];
  // A first row naming its value column is a header (DECISIONS §9), so its first cell must be `id`: `name,value`
  // would otherwise be drawn as a region called "name".
  const firstCell = first?.cells[0]!.trim() ?? '';
  if (first && VALUE_HEADERS.includes(first.cells[1]?.trim().toLowerCase() ?? '') && firstCell.toLowerCase() !== 'id')
    fail(first.line, `the header's first column is ${show(firstCell)}; it must be id (the header is id,value[,color])`);
  // A row `ID,5` or `ID,` is Indonesia's data, not a header: a header names its second column (or lacks it).
  const second = first && first.cells.length > 1 ? parseValueText(first.cells[1]!) : '';
  if (first && first.cells[0]!.trim().toLowerCase() === 'id' && typeof second === 'string') {
    rows.shift();
    const valueHeader = first.cells[1]?.trim() ?? '';
    if (!VALUE_HEADERS.includes(valueHeader.toLowerCase())) {
      const found =
        first.cells.length < 2
          ? 'the header has no second column'
          : `the header's second column is ${show(valueHeader)}`;
      fail(
        first.line,
        `${found}; it must be one of ${VALUE_HEADERS.join(', ')} (any case). A first row whose first cell is "id" is read as the header id,value[,color]; to start with a region whose id is "ID", add that header row.`,
      );
    }
    colorColumn = first.cells[2]?.trim().toLowerCase() === 'color';
  }
  if (rows.length === 0)
    fail(
      null,
      'the CSV body has no rows; send one region a line as id,value[,color] (a header row id,value[,color] is optional)',
    );

  return rows.map(({ cells, line }) => {
    const id = cells[0]!.trim();
    if (id === '') fail(line, 'the id cell is empty; each row is id,value[,color] with a region id first');
    let valueText = cells[1] ?? '';
    if (delimiter !== ',' && DECIMAL_COMMA.test(valueText.trim())) valueText = valueText.replace(',', '.');
    const region: RawRegion = { id, value: parseValueText(valueText) };
    const color = colorColumn ? (cells[2] ?? '').trim() : '';
    if (color !== '') {
      if (!HEX_COLOR.test(color))
        fail(line, `colour ${show(color)} is not #rrggbb (e.g. #ff0000); leave the cell empty for no colour`);
      region.color = color;
    }
    return region;
  });
}

/** A POST with a CSV body: the regions from the body, every other parameter from the query string as on GET. */
export function csvRequest(query: string, csv: string): Record<string, unknown> {
  const request = parseQuery(query, FIELD_NAMES);
  if (request.regions) {
    throw new ApiError(
      'invalid_field',
      'with a CSV body the regions come from the body; leave data and regions out of the query string',
      'data',
    );
  }
  return { ...request, regions: parseCsvRegions(csv) };
}

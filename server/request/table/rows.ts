// A table's text as rows of cells with their file lines: the delimiter chosen, quotes read, reading stopped past
// the rows a map may hold.
//
// - Line endings are normalised to LF before parsing, so CRLF, LF, CR and mixed files read alike and every
//   reported line is the 1-based line of the file (a quoted field spanning lines counts all its lines).
// - The delimiter is `,`, `;` or tab, chosen from the first line that holds both a delimiter and anything but
//   whitespace and delimiters (a title line of one cell above a Destatis table holds none), counting only
//   delimiters outside quotes: the most frequent wins. On a tie `,` loses when every
//   comma sits between two digits (`DE;1,5` is a European export), else `,` wins; tab beats `;`.
//   A title line above the table (`"Data Source","World Development Indicators",`) may decide it: its
//   delimiter is the table's, as the exports that write one do. Eurostat's TSV is tab-separated whatever commas
//   its first column packs (eurostat.ts).
// - Reading stops at the first row past the 5000 regions a request may hold and a header (too_many_items,
//   naming its line), rather than reading a million tiny rows to refuse them all.
import Papa from 'papaparse';
import { ApiError } from '../../errors.ts';
import { LIMITS } from '../schema-parts.ts';
import { isEurostat } from './eurostat.ts';
import { failAt } from './table-error.ts';

const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export interface Row {
  cells: string[];
  /** the 1-based file line the row starts on */
  line: number;
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
      if (content && Math.max(...Object.values(counts)) > 0) break;
      content = false;
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

/** The table's rows, blank ones left out, and its delimiter. The first quote error stops reading, and so does a
 *  row past the regions a request may hold and a header. */
export function readRows(raw: string): { rows: Row[]; delimiter: Delimiter } {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const delimiter = isEurostat(text) ? '\t' : detectDelimiter(text);
  const rows: Row[] = [];
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
      if (!isBlank(result.data)) {
        if (rows.length === LIMITS.regions + 1) {
          problem = {
            line,
            message: `the CSV body holds more than ${LIMITS.regions} rows of regions; a map takes at most ${LIMITS.regions}`,
            code: 'too_many_items',
          };
          parser.abort();
          return;
        }
        rows.push({ cells: result.data, line });
      }
      for (let at = text.indexOf('\n', start); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) line++;
      start = end;
    },
  });
  if (problem?.code) throw new ApiError(problem.code, `line ${problem.line}: ${problem.message}`, 'body');
  if (problem) failAt(problem.line, problem.message);
  return { rows, delimiter };
}

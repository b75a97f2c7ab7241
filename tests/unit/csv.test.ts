import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { readTable, type TableOptions } from '../../server/request/table/read-table.ts';
import { ApiError } from '../../server/errors.ts';

const catalogue = loadCatalogue();
const knowsWorld = (cell: string) => catalogue.resolveIn('world', null, cell.trim()) !== undefined;
/** The regions of a table read for scope world. */
const parseCsvRegions = (text: string, options: TableOptions = {}) => readTable(text, options, knowsWorld).regions;

/** invalid_csv on the body whose message matches `pattern` (usually `line N`). */
function rejects(text: string, pattern: RegExp) {
  assert.throws(
    () => parseCsvRegions(text),
    (e: unknown) =>
      e instanceof ApiError &&
      e.code === 'invalid_csv' &&
      e.status === 400 &&
      e.field === 'body' &&
      pattern.test(e.message),
  );
}

test("the spec's example: header with color, empty colour cells leave no color key", () => {
  assert.deepEqual(parseCsvRegions('id,value,color\nRO,120,#ff0000\nDE,95,\nFR,40,\n'), [
    { id: 'RO', value: 120, color: '#ff0000' },
    { id: 'DE', value: 95 },
    { id: 'FR', value: 40 },
  ]);
});

test('header row is optional', () => {
  const expected = [
    { id: 'US', value: 200 },
    { id: 'CN', value: -1.5 },
  ];
  assert.deepEqual(parseCsvRegions('id,value\nUS,200\nCN,-1.5\n'), expected);
  assert.deepEqual(parseCsvRegions('US,200\nCN,-1.5'), expected);
  assert.deepEqual(parseCsvRegions('  ID ,Value\nUS,200\nCN,-1.5'), expected);
});

test('each value header synonym, in any case', () => {
  for (const name of ['value', 'val', 'count', 'n', 'amount', 'VALUE', 'Val', 'COUNT', 'N', 'AmOuNt', ' amount ']) {
    assert.deepEqual(parseCsvRegions(`id,${name}\nUS,1`), [{ id: 'US', value: 1 }], name);
  }
});

test('a header naming its columns otherwise: the only column of numbers is the value, a lone id column highlights', () => {
  // DECISIONS §10 replaced spec 2.8's fixed header: `id,population` and `id` were refused, now they read.
  assert.deepEqual(parseCsvRegions('id,population\nUS,1'), [{ id: 'US', value: 1 }]);
  assert.deepEqual(parseCsvRegions('id\nUS'), [{ id: 'US', value: null }]);
  // A headerless file may start with Indonesia, with a value or without.
  assert.deepEqual(parseCsvRegions('ID,5\nUS,1'), [
    { id: 'ID', value: 5 },
    { id: 'US', value: 1 },
  ]);
  assert.deepEqual(parseCsvRegions('ID,\nUS,1'), [
    { id: 'ID', value: null },
    { id: 'US', value: 1 },
  ]);
  // DECISIONS §10: a first row of text with a word that names a column is a header (it was refused).
  assert.deepEqual(parseCsvRegions('ID,High\nUS,Low'), [{ id: 'US', value: 'Low' }]);
});

test('a first row naming its value column is a header; its id column is the one of regions', () => {
  // DECISIONS §10 replaced the rule that the first header cell be `id`: these were refused.
  assert.deepEqual(parseCsvRegions('name,value\nRO,1'), [{ id: 'RO', value: 1 }]);
  assert.deepEqual(parseCsvRegions('\n\nRegion;Count\nRO;1'), [{ id: 'RO', value: 1 }]);
  assert.deepEqual(parseCsvRegions(',value\nRO,1'), [{ id: 'RO', value: 1 }]);
  assert.deepEqual(parseCsvRegions('ID,Value\nRO,1'), [{ id: 'RO', value: 1 }]);
});

test('color column: read with a header, empty cell ok, ignored without a header', () => {
  assert.deepEqual(parseCsvRegions('id,count,COLOR\nUS,1,#00FF00\nCN,2, \nJP,,#0000ff\nFR'), [
    { id: 'US', value: 1, color: '#00FF00' },
    { id: 'CN', value: 2 },
    { id: 'JP', value: null, color: '#0000ff' },
    // a row that stops before the value column highlights its region, as a list of ids under `id,value` does
    { id: 'FR', value: null },
  ]);
  // DECISIONS §10: an empty value cell under a header is no data: the region is left out (drawn as no data)
  assert.deepEqual(parseCsvRegions('id,value\nUS,1\nCN,\nJP,NA'), [{ id: 'US', value: 1 }]);
  // Without a header the third column is ignored, even when it looks like a colour or is garbage.
  assert.deepEqual(parseCsvRegions('US,1,#00ff00\nCN,2,red,more'), [
    { id: 'US', value: 1 },
    { id: 'CN', value: 2 },
  ]);
  // A header whose third column is not `color`: that column and any extra cells are ignored.
  assert.deepEqual(parseCsvRegions('id,value,note\nUS,1,red\nCN,2,x,y,z'), [
    { id: 'US', value: 1 },
    { id: 'CN', value: 2 },
  ]);
  assert.deepEqual(parseCsvRegions('id,value,color\nUS,1,#00ff00,extra'), [{ id: 'US', value: 1, color: '#00ff00' }]);
});

test('a bad colour is invalid_csv naming the line and the value', () => {
  rejects('id,value,color\nRO,120,#ff0000\nDE,95,red\n', /^line 3: colour "red" is not #rrggbb/);
  rejects('id,value,color\nRO,1,#ff00\n', /line 2: colour "#ff00"/);
});

test('without a header, an empty or missing value cell is a highlight-only region (null, spec 2.8)', () => {
  assert.deepEqual(parseCsvRegions('US,\nCN\nJP,  \n'), [
    { id: 'US', value: null },
    { id: 'CN', value: null },
    { id: 'JP', value: null },
  ]);
});

test('text values are categories; ids and values are trimmed', () => {
  // a column mostly of text is categories, a cell that looks like a number among them too
  assert.deepEqual(parseCsvRegions('id,value\n US , High income \nCN,Low\nJP,1e3'), [
    { id: 'US', value: 'High income' },
    { id: 'CN', value: 'Low' },
    { id: 'JP', value: '1e3' },
  ]);
});

test('an empty id on a non-blank row is invalid_csv naming the line', () => {
  rejects('US,1\n,2\n', /^line 2: the id cell is empty/);
  rejects('id,value\nUS,1\n\n  ,2\n', /^line 4:/);
});

test('UTF-8 BOM is stripped (also before a header)', () => {
  assert.deepEqual(parseCsvRegions('\uFEFFid,value\nUS,1'), [{ id: 'US', value: 1 }]);
  assert.deepEqual(parseCsvRegions('\uFEFFUS,1'), [{ id: 'US', value: 1 }]);
});

test('CRLF, CR and mixed line endings', () => {
  const expected = [
    { id: 'US', value: 1 },
    { id: 'CN', value: 2 },
  ];
  assert.deepEqual(parseCsvRegions('id,value\r\nUS,1\r\nCN,2\r\n'), expected);
  assert.deepEqual(parseCsvRegions('id,value\rUS,1\rCN,2\r'), expected);
  assert.deepEqual(parseCsvRegions('id,value\r\nUS,1\nCN,2\r'), expected);
  rejects('id,value,color\r\nUS,1,\r\nCN,2,blue\r\n', /^line 3:/);
  rejects('id,value,color\rUS,1,\rCN,2,blue\r', /^line 3:/);
});

test('quoted fields with commas, doubled quotes and newlines', () => {
  assert.deepEqual(parseCsvRegions('id,value\n"US","High, rising"\nCN,"say ""hi"""\n"JP","two\nlines"\n'), [
    { id: 'US', value: 'High, rising' },
    { id: 'CN', value: 'say "hi"' },
    { id: 'JP', value: 'two\nlines' },
  ]);
  // Lines after a multi-line quoted field are still counted as file lines.
  rejects('id,value,color\nJP,"two\nlines",\nCN,x,blue\n', /^line 4:/);
  rejects('id,value,color\r\nJP,"two\r\nlines",\r\nCN,x,blue\r\n', /^line 4:/);
});

test('semicolon-separated with decimal commas', () => {
  assert.deepEqual(parseCsvRegions('id;value;color\nDE;1,5;#ff0000\nFR;-0,25;\nIT;12;\n'), [
    { id: 'DE', value: 1.5, color: '#ff0000' },
    { id: 'FR', value: -0.25 },
    { id: 'IT', value: 12 },
  ]);
  // Headerless, the first line alone decides: `DE;1,5` is `;`-separated, not `DE;1` and `5`.
  assert.deepEqual(parseCsvRegions('DE;1,5\nFR;2'), [
    { id: 'DE', value: 1.5 },
    { id: 'FR', value: 2 },
  ]);
  assert.deepEqual(parseCsvRegions('US;1'), [{ id: 'US', value: 1 }]);
  // A comma inside a quoted cell is no delimiter: it does not tie `,` with `;`.
  assert.deepEqual(parseCsvRegions('DE;"high, rising"\nFR;low'), [
    { id: 'DE', value: 'high, rising' },
    { id: 'FR', value: 'low' },
  ]);
  // Only exactly digits,digits is a decimal comma.
  assert.deepEqual(parseCsvRegions('id;value\nDE;1,5,6\nFR;1,\nIT;,5'), [
    { id: 'DE', value: '1,5,6' },
    { id: 'FR', value: '1,' },
    { id: 'IT', value: ',5' },
  ]);
});

test('comma-separated: a quoted semicolon does not change the delimiter', () => {
  assert.deepEqual(parseCsvRegions('"a;b",1'), [{ id: 'a;b', value: 1 }]);
  assert.deepEqual(parseCsvRegions('US,1'), [{ id: 'US', value: 1 }]);
  assert.deepEqual(parseCsvRegions('US,1,5'), [{ id: 'US', value: 1 }]);
  assert.deepEqual(parseCsvRegions('US,Low; rising'), [{ id: 'US', value: 'Low; rising' }]);
});

test('tab-separated', () => {
  assert.deepEqual(parseCsvRegions('id\tvalue\tcolor\r\nUS\t1,5\t#abcdef\r\nCN\t2\t\r\n'), [
    { id: 'US', value: 1.5, color: '#abcdef' },
    { id: 'CN', value: 2 },
  ]);
  assert.deepEqual(parseCsvRegions('id\tvalue\r\nUS\tlow\r\nCN\t"x\ty"\r\n'), [
    { id: 'US', value: 'low' },
    { id: 'CN', value: 'x\ty' },
  ]);
  assert.deepEqual(parseCsvRegions('US\t3'), [{ id: 'US', value: 3 }]);
});

test('blank lines and lines of only delimiters or whitespace are skipped', () => {
  assert.deepEqual(parseCsvRegions('\n\n  \nid,value\n\nUS,1\n,,\n , \nCN,2\n\n'), [
    { id: 'US', value: 1 },
    { id: 'CN', value: 2 },
  ]);
  assert.deepEqual(parseCsvRegions(';;\nDE;1,5\n;;\n'), [{ id: 'DE', value: 1.5 }]);
  // The header after blank lines is still a header, and errors name the file line.
  rejects('\n\nid,amount,color\nUS,1,nope', /^line 4:/);
  rejects('\n\nid,value\nUS,1\n,2', /^line 5: the id cell is empty/);
});

test('an unterminated quote is invalid_csv naming the line where the field opens', () => {
  rejects('id,value\nUS,1\nCN,"2\nJP,3\n', /^line 3: a quoted field is never closed/);
  rejects('"US,1', /^line 1:/);
  rejects('id,value\nUS,"1"x\nCN,2', /^line 2:/);
});

test('an empty body, or only a header, is invalid_csv "no rows"', () => {
  for (const body of ['', '\uFEFF', '\n\r\n  \n', ',,\n', 'id,value\n', 'id,value,color\r\n\r\n']) {
    rejects(body, /no rows/);
  }
});

test('5001 rows are returned (the schema refuses them); reading stops past them, so a million tiny rows are refused at once', () => {
  const body = Array.from({ length: 5001 }, (_, i) => `R${i},${i}`).join('\n');
  assert.equal(parseCsvRegions(body).length, 5001);
  // the line named is where reading stopped
  assert.throws(
    () => parseCsvRegions('a,1\n'.repeat(1_000_000)),
    (error: ApiError) => error.code === 'too_many_items' && /^line 5002: .*more than 5000 rows/.test(error.message),
  );
});

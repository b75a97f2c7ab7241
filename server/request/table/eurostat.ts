// Eurostat's TSV as its database downloads it (`estat_une_rt_a.tsv`): tab-separated, its first column packing the
// dimensions, comma-separated, under a header that names them and the time axis (`freq,unit,geo\TIME_PERIOD`),
// the periods across, `:` where no value is available and flags after a value (`6.3 b` a break in series, `p`
// provisional, `e` estimated, `: c` confidential). Unpacked here into the table it means: a column per dimension
// (`freq`, `unit`, `geo`), one per period, and the values without their flags.

/** The header's first cell: the dimensions, then `\` and the time axis (`TIME_PERIOD`, `time` in older files). */
const DIMENSIONS = /^([^\t\n\\]*)\\(?:TIME_PERIOD|time)[ \t]*(?:\t|$)/i;
/** A value and its flags (letters after a space), or `:` and its flags. */
const FLAGGED = /^(\S+)\s+[a-z]{1,4}$/i;

/** Whether a table's text is Eurostat's TSV: its first line names the dimensions and the time axis. */
export function isEurostat(text: string): boolean {
  return DIMENSIONS.test(text.replace(/^\uFEFF/, ''));
}

/** Eurostat's rows as a plain table: the packed first column split into one column per dimension, the flags
 *  dropped from the values (the periods' names keep theirs, trimmed: `2023 ` is `2023`). */
export function unpackEurostat<R extends { cells: string[] }>(rows: R[]): R[] {
  return rows.map((row, i) => {
    const [packed = '', ...cells] = row.cells;
    const dimensions = (i === 0 ? packed.replace(/\\.*$/, '') : packed).split(',');
    const values = cells.map((cell) => (i === 0 ? cell : cell.trim().replace(FLAGGED, '$1')));
    return { ...row, cells: [...dimensions, ...values] };
  });
}

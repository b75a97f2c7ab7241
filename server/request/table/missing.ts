// The spellings of "no value here" that tools and statistics offices write into tables (DECISIONS §10): R and
// pandas (`NA`, `NaN`), Excel (`#N/A`), SQL exports (`null`), the World Bank and OECD (`..`), Destatis (`-`,
// `.` for unknown or secret, `...` for not yet available), Eurostat (`:`), typeset dashes (`–`, `—`).
const MISSING = new Set(['na', 'n/a', '#n/a', 'nan', 'null', '..', '...', '.', '-', '–', '—', ':']);

/** Whether a trimmed cell says the value is missing. An empty cell is not decided here: it is missing only in a
 *  table with a header (a header-less `id,` row highlights its region, spec 2.8). */
export function isMissing(trimmed: string): boolean {
  return MISSING.has(trimmed.toLowerCase());
}

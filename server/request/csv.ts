// A POST with a table body (spec 2.8, DECISIONS §10): the regions from the table, every other parameter from the
// query string as on GET, the table's own parameters (`header`, `idColumn`, ...) telling how to read it.
import type { Catalogue } from '../../topology/catalogue.ts';
import { ApiError } from '../errors.ts';
import { parseQuery } from './get-grammar.ts';
import { FIELD_NAMES } from './schema.ts';
import { readTable, type TableReport } from './table/read-table.ts';
import { tableOptions } from './table-schema.ts';
import { regionsOfScope } from './scope-regions.ts';

export interface TableRequest {
  request: Record<string, unknown>;
  /** file lines skipped above and below the table (`1-4`), for X-Geo-Warnings */
  skipped: string[];
  /** how the table was read, when asked for (POST /render/spec) */
  report?: TableReport;
}

/** A POST with a table body: the regions from the body, every other parameter from the query string; `report`:
 *  whether to say how the table was read. */
export function csvRequest(query: string, csv: string, catalogue: Catalogue, report = false): TableRequest {
  const request = parseQuery(query, FIELD_NAMES);
  if (request.regions) {
    throw new ApiError(
      'invalid_field',
      'with a CSV body the regions come from the body; leave data and regions out of the query string',
      'data',
    );
  }
  const table = readTable(csv, tableOptions(request), regionsOfScope(catalogue, request), report);
  // a column of `12.5%` keeps its `%` in the legend, unless the request says how to write its numbers
  if (table.percent && request.numberFormat === undefined && request.valueSuffix === undefined)
    request.valueSuffix = '%';
  return {
    request: { ...request, regions: table.regions },
    skipped: table.skipped,
    ...(table.report && { report: table.report }),
  };
}

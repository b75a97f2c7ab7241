// The POST body: the JSON schemas of the render request and the GeoJSON shapes overlay, both derived from the yup
// schemas that validate them, the CSV body's rules, and the request body of the operations that take one.
import { TABLE_TYPES } from '../request/body.ts';
import { HEX_COLOR } from '../request/region-value.ts';
import { ref, type JsonSchema } from '../request/field-meta.ts';
import { requestSchema } from '../request/schema.ts';
import { LIMITS } from '../request/schema-parts.ts';
import { fromYup } from './json-schema.ts';
import { BODY_EXAMPLES, CSV_QUERY_EXAMPLE } from './request-examples.ts';

const HEX_COLOR_SCHEMA: JsonSchema = {
  type: 'string',
  pattern: HEX_COLOR.source,
  description: 'A colour, `#rrggbb`.',
  examples: ['#1a6bcc'],
};

/** `RenderRequest` and every schema it references, for `components.schemas`. */
export function requestSchemas(): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = { HexColor: HEX_COLOR_SCHEMA };
  fromYup(requestSchema.describe(), 'request', components);
  return components;
}

const CSV_RULES = [
  'A table as spreadsheets, pandas, R and statistics portals export it (DECISIONS §10), at most ' +
    LIMITS.regions +
    ' rows: `id,value[,color]` in the simplest case. Sent as `text/csv`, `text/tab-separated-values`, `text/plain` or `application/csv`; ' +
    'UTF-8 with or without BOM, UTF-16 with BOM, or Windows-1252 (a body that is not valid UTF-8).',
  'The delimiter is `,`, `;` or tab, detected from the first line that holds one. Quoted fields (`"a ""quoted"" word"`) and any line endings are read.',
  'Lines above the table (a title, "Last Updated Date", blank lines) and notes below it are skipped and listed in `X-Geo-Warnings` as `skipped-lines`.',
  'The first row is a header when it names columns rather than holding a region and a value (`country,gdp`, `fips,value`); `header=true|false` says so instead. ' +
    'Without a header the columns are id, value and nothing else (spec 2.8). A pandas `to_csv()` or R `write.csv()` index column is never the ids.',
  'Ids: `idColumn`, else a column named `id`, else the first column of region ids of the scope. Values: `valueColumn`, else a column named ' +
    '`value`, `val`, `count`, `n` or `amount`, else the only column of numbers; with several, 400 `invalid_csv` lists them. Colours: `colorColumn`, else a column named `color`.',
  "Numbers as people write them: `1,234,567`, `1.234.567`, `1 234 567`, `1'234'567`, decimal commas, `12.5%`, currency signs, `−5`, `(5)`, exponents. " +
    'The decimal mark is decided per column from its cells, else the other columns, else `,` in a `;`-separated file; `decimal=.|,` overrides. Text among numbers is 400 `invalid_data` naming its lines.',
  '`NA`, `N/A`, `#N/A`, `..`, `-`, `–`, `NaN`, `null`, and an empty cell under a header are no data: the region is drawn as no data, not highlighted. ' +
    'Without a header an empty value cell highlights the region, as does a row that stops before the value column.',
  'Every other parameter goes in the query string, written as on GET; `data` and `regions` there are a 400, since the body replaces them. An error names its line.',
];

const CSV_SCHEMA: JsonSchema = {
  type: 'string',
  description: CSV_RULES.join('\n'),
  examples: ['id,value,color\nRO,120,#ff0000\nDE,95,\nFR,40,\n'],
};

/** The `requestBody` of `POST /render/map` and `POST /render/spec`. */
export function renderBody(): JsonSchema {
  return {
    required: true,
    description: 'A JSON render request, or CSV region rows with the other parameters in the query string.',
    content: {
      'application/json': { schema: ref('RenderRequest'), examples: BODY_EXAMPLES },
      ...Object.fromEntries(
        TABLE_TYPES.map((type) => [
          type,
          {
            schema: CSV_SCHEMA,
            examples: {
              colours: {
                summary: `Regions with colours (POST to ${CSV_QUERY_EXAMPLE})`,
                value: (CSV_SCHEMA.examples as string[])[0],
              },
            },
          },
        ]),
      ),
    },
  };
}

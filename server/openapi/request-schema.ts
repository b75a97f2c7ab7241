// The POST body: the JSON schemas of the render request and the GeoJSON shapes overlay, both derived from the yup
// schemas that validate them, the CSV body's rules, and the request body of the operations that take one.
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
  'Rows `id,value[,color]`, one region a line (at most ' + LIMITS.regions + ').',
  'The header row is optional. A first row whose first cell is `id` and whose second cell is a name is the header; its second column must be ' +
    '`value`, `val`, `count`, `n` or `amount` (any case). So a file without header may start with Indonesia (`ID,5`). ' +
    'A first row whose second cell is one of those names is a header whatever its first cell, which must then be `id` (`name,value` is 400 `invalid_csv`).',
  "The `color` column is read only when the header's third column is named `color`; a colour cell may be empty. Without a header, columns beyond the second are ignored.",
  'An empty value cell makes a highlight-only region; a number a choropleth value; text a category.',
  'The delimiter is `,`, `;` or tab, detected from the first line; `;`- and tab-separated files may use decimal commas (`1,5`).',
  'A BOM, CRLF line endings and quoted fields (`"a ""quoted"" word"`) are read. An error (400 `invalid_csv`) names its line.',
  'Every other parameter goes in the query string, written as on GET; `data` and `regions` there are a 400, since the body replaces them.',
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
      'text/csv': {
        schema: CSV_SCHEMA,
        examples: {
          colours: {
            summary: `Regions with colours (POST to ${CSV_QUERY_EXAMPLE})`,
            value: (CSV_SCHEMA.examples as string[])[0],
          },
        },
      },
    },
  };
}

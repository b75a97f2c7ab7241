// The JSON schemas of the POST body: the render request derived from the yup schema that validates it,
// the GeoJSON shapes overlay from the rules of shapes.ts, and the CSV body's rules.
import { requestSchema } from '../request/schema.ts';
import { LIMITS } from '../request/schema-parts.ts';
import { GEOMETRY_TYPES } from '../request/shapes.ts';
import { FIELD_DOCS, HEX_COLOR_SCHEMA } from './field-docs.ts';
import { fromYup, ref, type JsonSchema } from './json-schema.ts';

type GeometryType = (typeof GEOMETRY_TYPES)[number];

const POSITION: JsonSchema = {
  type: 'array',
  description: '`[lon, lat]` (GeoJSON order; a third number, an altitude, is ignored).',
  prefixItems: [{ type: 'number', minimum: -180, maximum: 180 }, { type: 'number', minimum: -90, maximum: 90 }, { type: 'number' }],
  minItems: 2,
  maxItems: 3,
};
const LINE: JsonSchema = { type: 'array', items: ref('Position'), minItems: 2, description: 'At least 2 positions.' };
const RING: JsonSchema = { type: 'array', items: ref('Position'), minItems: 4, description: 'A closed ring: at least 4 positions, the last equal to the first.' };
const POLYGON: JsonSchema = { type: 'array', items: RING, minItems: 1, description: 'The outer ring, then any holes.' };

/** The coordinates each geometry type nests. */
const COORDINATES: Record<GeometryType, JsonSchema> = {
  Point: ref('Position'),
  LineString: LINE,
  MultiLineString: { type: 'array', items: LINE, minItems: 1 },
  Polygon: POLYGON,
  MultiPolygon: { type: 'array', items: POLYGON, minItems: 1 },
};

const SHAPE_STYLE: JsonSchema = {
  type: ['object', 'null'],
  description: 'Style of the feature. Only these properties are read; any others (names, ids) are ignored.',
  properties: {
    fill: { ...ref('HexColor'), description: 'Fill colour (polygons, and points drawn as circles).' },
    stroke: { ...ref('HexColor'), description: 'Outline or line colour.' },
    strokeWidth: { type: 'number', minimum: 0, maximum: 50, description: 'Line width in pixels.' },
    opacity: { type: 'number', minimum: 0, maximum: 1, description: 'Opacity of the whole feature.' },
    dashArray: {
      description: 'Dash and gap lengths, 1 to 10 numbers from 0 to 100, as a list or as text (`"4 2"`, `"4,2"`).',
      anyOf: [{ type: 'array', items: { type: 'number', minimum: 0, maximum: 100 }, minItems: 1, maxItems: 10 }, { type: 'string' }],
    },
    radius: { type: 'number', minimum: 0, maximum: 200, description: 'Radius of a Point\'s circle, in pixels.' },
    title: { type: 'string', maxLength: LIMITS.shapeTitle, description: 'Tooltip text (an SVG `<title>`).' },
  },
  additionalProperties: true,
};

function shapeSchemas(): Record<string, JsonSchema> {
  const geometries = Object.fromEntries(GEOMETRY_TYPES.map((type) => [`${type}Geometry`, {
    type: 'object',
    required: ['type', 'coordinates'],
    properties: { type: { const: type }, coordinates: COORDINATES[type] },
  }]));
  return {
    ShapeCollection: {
      type: 'object',
      description: `A GeoJSON FeatureCollection of at most ${LIMITS.shapes} features of the types ${GEOMETRY_TYPES.join(', ')}, `
        + 'drawn above the regions. Positions are `[lon, lat]` within -180..180 and -90..90.',
      required: ['type', 'features'],
      properties: {
        type: { const: 'FeatureCollection' },
        features: { type: 'array', items: ref('ShapeFeature'), maxItems: LIMITS.shapes },
      },
      examples: [{
        type: 'FeatureCollection',
        features: [{
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [[[20, 44], [30, 44], [30, 48], [20, 48], [20, 44]]] },
          properties: { fill: '#f59e0b', opacity: 0.5, stroke: '#b45309', title: 'Area of interest' },
        }],
      }],
    },
    ShapeFeature: {
      type: 'object',
      description: 'A GeoJSON Feature.',
      required: ['type', 'geometry'],
      properties: {
        type: { const: 'Feature' },
        geometry: { oneOf: GEOMETRY_TYPES.map((type) => ref(`${type}Geometry`)) },
        properties: ref('ShapeStyle'),
      },
    },
    ShapeStyle: SHAPE_STYLE,
    Position: POSITION,
    ...geometries,
  };
}

/** `RenderRequest` and every schema it references, for `components.schemas`. */
export function requestSchemas(): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = { HexColor: HEX_COLOR_SCHEMA };
  fromYup(requestSchema.describe(), {
    description: 'A render request. Only `scope` is required; any field not listed here is a 400 naming it.',
    component: 'RenderRequest',
    extra: { required: ['scope'], additionalProperties: false },
    fields: FIELD_DOCS,
  }, 'request', components);
  return { ...components, ...shapeSchemas() };
}

export const CSV_RULES = [
  'Rows `id,value[,color]`, one region a line (at most ' + LIMITS.regions + ').',
  'The header row is optional. A first row whose first cell is `id` and whose second cell is a name is the header; its second column must be '
    + '`value`, `val`, `count`, `n` or `amount` (any case). So a file without header may start with Indonesia (`ID,5`).',
  'The `color` column is read only when the header\'s third column is named `color`; a colour cell may be empty. Without a header, columns beyond the second are ignored.',
  'An empty value cell makes a highlight-only region; a number a choropleth value; text a category.',
  'The delimiter is `,`, `;` or tab, detected from the first line; `;`- and tab-separated files may use decimal commas (`1,5`).',
  'A BOM, CRLF line endings and quoted fields (`"a ""quoted"" word"`) are read. An error (400 `invalid_csv`) names its line.',
  'Every other parameter goes in the query string, written as on GET; `data` and `regions` there are a 400, since the body replaces them.',
];

export const CSV_SCHEMA: JsonSchema = {
  type: 'string',
  description: CSV_RULES.join('\n'),
  examples: ['id,value,color\nRO,120,#ff0000\nDE,95,\nFR,40,\n'],
};

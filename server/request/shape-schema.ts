// The `shapes` overlay: a GeoJSON FeatureCollection of the five geometry types the specification allows, with
// only the style properties it names kept. It is checked strictly by yup (no casting: a number is a JSON number),
// which also keeps yup from looking up keys such as `constructor`, which GeoJSON properties may hold, among its
// own; the coordinates, which yup only documents here, by coordinates.ts.
import { array, lazy, mixed, number, object, string, ValidationError, type AnySchema } from 'yup';
import type { ShapeFeature, ShapeProperties } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import { ref } from './field-meta.ts';
import { HEX_COLOR } from './region-value.ts';
import { LIMITS, NO_CONTROL_CHARACTERS, NOT_XML_TEXT } from './schema-parts.ts';
import {
  GEOMETRY_TYPES,
  NESTING,
  POSITION,
  checkedCoordinates,
  coordinatesProblem,
  isPosition,
  offTheGlobe,
  onTheGlobe,
  type GeometryType,
  PositionBudget,
} from './coordinates.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const position = mixed<number[]>()
  .required(`\${path} ${POSITION}`)
  .test('position', `\${path} ${POSITION}`, isPosition)
  .test(
    'lon-lat',
    ({ path, value }) => offTheGlobe(path, value),
    (v) => !isPosition(v) || onTheGlobe(v),
  )
  .meta({
    component: 'Position',
    jsonSchema: {
      type: 'array',
      description: '`[lon, lat]` (GeoJSON order; a third number, an altitude, is ignored).',
      prefixItems: [
        { type: 'number', minimum: -180, maximum: 180 },
        { type: 'number', minimum: -90, maximum: 90 },
        { type: 'number' },
      ],
      minItems: 2,
      maxItems: 3,
    },
  });

/** What each level of a type's coordinates is, outermost first (coordinates.ts's NESTING says what it holds). */
const LEVELS: Record<GeometryType, string[]> = {
  Point: [],
  LineString: ['At least 2 positions.'],
  MultiLineString: ['Lines.', 'At least 2 positions.'],
  Polygon: ['The outer ring, then any holes.', 'A closed ring: at least 4 positions, the last equal to the first.'],
  MultiPolygon: [
    'Polygons.',
    'The outer ring, then any holes.',
    'A closed ring: at least 4 positions, the last equal to the first.',
  ],
};

const notCoordinates = (type: GeometryType) =>
  type === 'Point' ? `\${path} ${POSITION}` : `\${path} must be an array (${type} coordinates)`;

/** The coordinates of `type` as yup would check them: what the OpenAPI document shows. */
function documented(type: GeometryType): AnySchema {
  return NESTING[type].reduceRight<AnySchema>(
    (item, { min, fewer }, depth) =>
      array(item)
        .required(notCoordinates(type))
        .typeError(notCoordinates(type))
        .min(min, `\${path} ${fewer}`)
        .meta({ description: LEVELS[type][depth]! }),
    position,
  );
}

/** The coordinates of `type`, checked by coordinates.ts and documented as yup would check them. */
const coordinates = (type: GeometryType) =>
  mixed()
    .required(notCoordinates(type))
    .test('coordinates', 'not coordinates', function (value) {
      const problem = coordinatesProblem(type, value, this.path);
      return problem ? this.createError({ path: problem[0], message: () => problem[1] }) : true;
    })
    .meta({ checkedBy: documented(type) });

const GEOMETRIES = Object.fromEntries(
  GEOMETRY_TYPES.map((type) => [
    type,
    object({
      type: string().oneOf([type]).required(),
      coordinates: coordinates(type),
    })
      .required()
      .meta({ component: `${type}Geometry` }),
  ]),
) as unknown as Record<GeometryType, AnySchema>;

// these tests make their own errors (createError), so their message argument is never shown
const unknownGeometry = mixed().test('geometry-type', 'not a geometry type', function (geometry) {
  const message = `${this.path}.type must be one of ${GEOMETRY_TYPES.join(', ')} (got ${JSON.stringify((geometry as { type?: unknown }).type)})`;
  return this.createError({ path: `${this.path}.type`, message: () => message });
});

const color = (description: string) =>
  string()
    .nullable()
    .typeError('${path} must be #rrggbb')
    .matches(HEX_COLOR, '${path} must be #rrggbb')
    .meta({ description, jsonSchema: ref('HexColor') });
const numberIn = (min: number, max: number) => {
  const message = `\${path} must be a number from ${min} to ${max}`;
  return number().required(message).typeError(message).min(min, message).max(max, message);
};
const styleNumber = (min: number, max: number, description: string) =>
  numberIn(min, max).optional().nullable().meta({ description });

const DASHES = '${path} must be 1 to 10 dash lengths, e.g. [4, 2]';
const dashList = array(numberIn(0, 100)).typeError(DASHES).min(1, DASHES).max(10, DASHES);
/** `"4 2"` or `"4,2"`: the list as text. */
const dashText = string().test('dashes', 'not dashes', function (text) {
  try {
    dashList.validateSync(readDashes(text), { strict: true, path: this.path } as object);
    return true;
  } catch (error) {
    const { path, errors } = error as ValidationError;
    return this.createError({ path, message: () => errors[0]! });
  }
});
const readDashes = (value: unknown) =>
  typeof value === 'string'
    ? value
        .trim()
        .split(/[\s,]+/)
        .map(Number)
    : value;

const shapeStyle = object({
  fill: color('Fill colour (polygons, and points drawn as circles).'),
  stroke: color('Outline or line colour.'),
  strokeWidth: styleNumber(0, 50, 'Line width in pixels.'),
  opacity: styleNumber(0, 1, 'Opacity of the whole feature.'),
  dashArray: lazy((v) => (typeof v === 'string' ? dashText : dashList.nullable())).meta({
    description: 'Dash and gap lengths, 1 to 10 numbers from 0 to 100, as a list or as text (`"4 2"`, `"4,2"`).',
    anyOf: [dashList, dashText],
  }),
  radius: styleNumber(0, 200, "Radius of a Point's circle, in pixels."),
  title: string()
    .nullable()
    .typeError(`\${path} must be text of at most ${LIMITS.shapeTitle} characters ${NO_CONTROL_CHARACTERS}`)
    .max(LIMITS.shapeTitle, `\${path} must be text of at most ${LIMITS.shapeTitle} characters ${NO_CONTROL_CHARACTERS}`)
    .test(
      'xml-text',
      `\${path} must be text of at most ${LIMITS.shapeTitle} characters ${NO_CONTROL_CHARACTERS}`,
      (v) => v == null || !NOT_XML_TEXT.test(v),
    )
    .meta({ description: 'Tooltip text (an SVG `<title>`).' }),
})
  .nullable()
  .typeError('${path} must be an object')
  .meta({
    description: 'Style of the feature. Only these properties are read; any others (names, ids) are ignored.',
    component: 'ShapeStyle',
    extra: { additionalProperties: true },
  });

const FEATURE = '${path} must be a GeoJSON Feature with a geometry';
const feature = object({
  type: string().oneOf(['Feature']).required(),
  geometry: lazy((g: { type: GeometryType }) =>
    Object.hasOwn(GEOMETRIES, g.type) ? GEOMETRIES[g.type] : unknownGeometry,
  ).meta({
    description: `A GeoJSON geometry: ${GEOMETRY_TYPES.join(', ')}.`,
    oneOf: GEOMETRY_TYPES.map((type) => GEOMETRIES[type]),
  }),
  properties: shapeStyle,
})
  .nonNullable(FEATURE)
  .typeError(FEATURE)
  .test('feature', FEATURE, (f) => isObject(f) && f.type === 'Feature' && isObject(f.geometry))
  .meta({ description: 'A GeoJSON Feature.', component: 'ShapeFeature' });

const COLLECTION = '${path} must be a GeoJSON FeatureCollection: {"type": "FeatureCollection", "features": [...]}';
export const shapeCollection = object({
  type: string().oneOf(['FeatureCollection']).required(),
  features: array(feature)
    .required()
    .max(LIMITS.shapes, `shapes may hold at most ${LIMITS.shapes} features`)
    .meta({ description: 'The features, drawn in order.' }),
})
  .typeError(COLLECTION)
  .test('collection', COLLECTION, (c) => c.type === 'FeatureCollection' && Array.isArray(c.features))
  .meta({
    description:
      `A GeoJSON FeatureCollection of at most ${LIMITS.shapes} features of the types ${GEOMETRY_TYPES.join(', ')}, ` +
      'drawn above the regions. Positions are `[lon, lat]` within -180..180 and -90..90.',
    component: 'ShapeCollection',
    example: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [20, 44],
                [30, 44],
                [30, 48],
                [20, 48],
                [20, 44],
              ],
            ],
          },
          properties: { fill: '#f59e0b', opacity: 0.5, stroke: '#b45309', title: 'Area of interest' },
        },
      ],
    },
  });

/** `schema`'s verdict on `value` at `path`; its first problem becomes a 400 naming the field. */
function check(schema: AnySchema, value: unknown, path: string): void {
  try {
    // `path` names the value in messages; yup takes it for a nested value, though its types do not say so
    schema.validateSync(value, { strict: true, abortEarly: true, path } as object);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const code = error.type === 'max' && error.path === `${path}.features` ? 'too_many_items' : 'invalid_field';
    throw new ApiError(code, error.errors[0]!, code === 'too_many_items' ? path : error.path);
  }
}

/** The style properties the renderer reads, in a fixed order (the ETag hashes them); dashes as numbers. */
function style(properties: Record<string, unknown> | null | undefined): ShapeProperties {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shapeStyle.fields)) {
    const value = properties?.[key];
    if (value !== undefined && value !== null) out[key] = key === 'dashArray' ? readDashes(value) : value;
  }
  return out as ShapeProperties;
}

export function validateShapes(input: unknown, budget: PositionBudget = new PositionBudget()): ShapeFeature[] {
  if (input === undefined || input === null) return [];
  check(shapeCollection, input, 'shapes');
  const { features } = input as {
    features: Array<{
      geometry: { type: GeometryType; coordinates: unknown };
      properties?: Record<string, unknown> | null;
    }>;
  };
  return features.map(({ geometry: { type, coordinates }, properties }, i) => ({
    type: 'Feature',
    geometry: {
      type,
      coordinates: checkedCoordinates(type, coordinates, `shapes.features[${i}].geometry.coordinates`, budget),
    } as ShapeFeature['geometry'],
    properties: style(properties),
  }));
}

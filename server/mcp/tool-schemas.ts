// The tools' input and output schemas. Each field a tool passes on to a render request takes its JSON Schema from
// the request schema (server/openapi derives the same from the yup schema that validates requests), so that a tool
// cannot promise what the service refuses, nor fall behind a new value. What is the hosted service's own shape
// (DECISIONS §13: `values` with `category`, `highlight`, `extra`, a route's `sea`, an annotation's `text`) is
// written here, each on top of the request's own item schemas.
import type { JsonSchema } from '../request/field-meta.ts';
import { requestSchemas } from '../openapi/request-schema.ts';
import { FIELD_NAMES } from '../request/schema.ts';

const COMPONENTS = requestSchemas();
const REQUEST = COMPONENTS.RenderRequest!;
const PROPERTIES = REQUEST.properties as Record<string, JsonSchema>;

/** A tool's schema is read alone: the request's components go in its `$defs`, referenced from there. */
function selfContained(schema: JsonSchema): JsonSchema {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/');
  const used = new Set([...text.matchAll(/"#\/\$defs\/(\w+)"/g)].map((m) => m[1]!));
  // the components reference others (a Marker its HexColor): followed until none is new
  for (const name of used) {
    const inner = JSON.stringify(COMPONENTS[name]).matchAll(/"#\/components\/schemas\/(\w+)"/g);
    for (const [, other] of inner) used.add(other!);
  }
  const defs = Object.fromEntries(
    [...used].map((name) => [
      name,
      JSON.parse(JSON.stringify(COMPONENTS[name]).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema,
    ]),
  );
  return { ...(JSON.parse(text) as JsonSchema), ...(used.size ? { $defs: defs } : {}) };
}

const field = (name: string): JsonSchema => {
  const schema = PROPERTIES[name];
  if (!schema) throw new Error(`the request schema has no field ${name}`);
  return schema;
};
const itemOf = (component: string) => COMPONENTS[component]!.properties as Record<string, JsonSchema>;

/** The create_map fields that are the request's own, as the hosted service's tool names them. */
export const CREATE_MAP_FIELDS = [
  'title',
  'subtitle',
  'legendTitle',
  'legend',
  'theme',
  'colorScale',
  'classification',
  'breaks',
  'projection',
  'legendLayout',
  'width',
  'height',
  'graticule',
  'northArrow',
  'scaleBar',
  'attribution',
  'labels',
] as const;

const REGION = itemOf('RegionItem');

const values: JsonSchema = {
  type: 'array',
  maxItems: field('regions').maxItems,
  description:
    'Per-region data: `value` (a number) for a choropleth, `category` (text) for qualitative buckets, `color` to ' +
    'paint a region flat or over its class colour. Numbers and categories cannot be mixed in one map.',
  items: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: {
      id: REGION.id!,
      value: { type: 'number', description: 'A number: the region takes its class colour.' },
      color: REGION.color!,
      category: { type: 'string', maxLength: 64, description: 'A category: one palette colour per category.' },
    },
  },
};

const EXTRA_FIELDS = FIELD_NAMES.filter(
  (name) =>
    !(CREATE_MAP_FIELDS as readonly string[]).includes(name) &&
    !['scope', 'regions', 'bbox', 'geometry', 'shapes'].includes(name),
);

export const CREATE_MAP_INPUT = selfContained({
  type: 'object',
  required: ['scope'],
  additionalProperties: false,
  properties: {
    scope: field('scope'),
    values,
    highlight: {
      type: 'array',
      items: REGION.id!,
      maxItems: field('regions').maxItems,
      description: 'Region ids highlighted without data: for a map of which regions, not how much.',
    },
    ...Object.fromEntries(CREATE_MAP_FIELDS.map((name) => [name, field(name)])),
    bbox: {
      anyOf: [field('bbox'), { type: 'string', description: 'The same as text: `minLon,minLat,maxLon,maxLat`.' }],
      description: field('bbox').description,
    },
    extra: {
      type: 'object',
      additionalProperties: { type: ['string', 'number', 'boolean'] },
      description:
        'Any other request parameter, written as in a GET query (`{"patterns": "DE:stripes", "labelContent": ' +
        '"name"}`); it wins over the fields above. describe_options {kind: "grammar"} lists them: ' +
        EXTRA_FIELDS.join(', '),
    },
  },
});

const ROUTE = itemOf('Route');

export const ADD_LAYERS_INPUT = selfContained({
  type: 'object',
  required: ['map'],
  additionalProperties: false,
  properties: {
    map: {
      type: 'string',
      description:
        "The svg_url (or png_url) of a map made before: a /map.svg URL, or a stored map's /maps/{id}.svg. Everything already on it is kept.",
    },
    markers: { ...field('markers'), description: 'Points to add. Find their coordinates with find_places.' },
    routes: {
      ...field('routes'),
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: {
          ...ROUTE,
          from: { ...ROUTE.from, description: 'A region id of the scope (`DE`) or `lat,lon` (`44.43,26.10`).' },
          to: { ...ROUTE.to, description: 'A region id of the scope (`BR`) or `lat,lon`.' },
          sea: { type: 'boolean', description: 'Along shipping lanes (through Suez, Panama, Malacca): `mode: sea`.' },
        },
      },
      description: 'Lines from A to B to add.',
    },
    proportional: { ...field('proportional'), description: 'Circles at regions, their area proportional to value.' },
    patterns: {
      ...field('patterns'),
      description: 'Pattern fills by region id, to hatch a category onto a choropleth.',
    },
    annotations: {
      ...field('annotations'),
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id'],
        properties: {
          id: REGION.id!,
          text: itemOf('AnnotationItem').annotation!,
          annotation: itemOf('AnnotationItem').annotation!,
        },
      },
      description: "Tooltip text by region id (`text`, or `annotation` as the request's JSON names it).",
    },
    labels: { ...field('labels'), description: 'Replaces the labels: `ISO`, or the ids to label.' },
  },
});

export const DESCRIBE_KINDS = ['scopes', 'themes', 'icons', 'projections', 'patterns', 'grammar'] as const;
export type DescribeKind = (typeof DESCRIBE_KINDS)[number];

export const DESCRIBE_OPTIONS_INPUT: JsonSchema = {
  type: 'object',
  required: ['kind'],
  additionalProperties: false,
  properties: { kind: { type: 'string', enum: [...DESCRIBE_KINDS], description: 'Which list to return.' } },
};

export const LIST_REGIONS_INPUT: JsonSchema = {
  type: 'object',
  required: ['scope'],
  additionalProperties: false,
  properties: {
    scope: field('scope'),
    query: {
      type: 'string',
      description: 'Only the regions whose id, name or an alias contains this (case and accents ignored).',
    },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100, description: 'At most this many.' },
  },
};

const PLACE_KINDS = ['country', 'region', 'city', 'airport', 'port'] as const;

export const FIND_PLACES_INPUT: JsonSchema = {
  type: 'object',
  required: ['query'],
  additionalProperties: false,
  properties: {
    query: {
      type: 'string',
      minLength: 2,
      description:
        'A place name, in any language GeoNames knows it in: "Constanța", "Suez", "Heathrow", "München", "Paris, US", "Paris, Texas".',
    },
    kind: { type: 'string', enum: [...PLACE_KINDS], description: 'Only places of this kind.' },
    country: { type: 'string', description: 'Only places in this country (ISO 3166-1 alpha-2).' },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'At most this many.' },
  },
};

const URL_TEXT = (description: string): JsonSchema => ({ type: 'string', description });

export const MAP_OUTPUT: JsonSchema = {
  type: 'object',
  required: ['svg_url', 'png_url', 'editor_url', 'embed', 'warnings'],
  properties: {
    svg_url: URL_TEXT('The map as SVG: embed it in an <img>; the handle add_layers takes.'),
    png_url: URL_TEXT('The same map as PNG.'),
    editor_url: URL_TEXT("The map in the service's preview page, to change by hand."),
    embed: URL_TEXT('An <img> tag, ready to paste.'),
    warnings: { type: 'array', items: { type: 'string' }, description: 'What the map left out, and why.' },
  },
};

export const PLACES_OUTPUT: JsonSchema = {
  type: 'object',
  required: ['places'],
  properties: { places: { type: 'array', items: { type: 'object' } } },
};

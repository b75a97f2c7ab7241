// The request schema (yup), shared by GET queries (strings, cast here) and POST JSON bodies: one source of truth
// per field. It checks types, ranges and lengths and fills the defaults (`.default()`); `.meta()` holds what each
// field means and how a query writes it, which the OpenAPI document, /docs and the GET grammar read. normalise.ts
// then resolves ids against the topology and works out the defaults that depend on the scope or on other fields.
import { array, mixed, object, string, type InferType, type SchemaMetadata } from 'yup';
import { ROMANIA, WORLD, WORLDVIEWS } from '../../topology/scopes.ts';
import {
  CLASSIFICATIONS,
  COLOR_SCALES,
  LABEL_CONTENTS,
  LEGEND_LAYOUTS,
  LEGEND_POSITIONS,
  LEVELS,
  PROJECTIONS,
  THEMES,
} from '../../shared/lists.ts';
import { GEOMETRY_JSON_SCHEMA } from './custom-geometry.ts';
import { format, quality, scale, transparent } from './output-schema.ts';
import { alt, locale, numberFormat, source, valueSuffix } from './words-schema.ts';
import { asIs, type AsIs } from './field-meta.ts';
import { bbox, labels, LABELS_JSON_SCHEMA, marker, MIN_BBOX_SIDE, proportionalItem, route } from './layer-schema.ts';
import {
  ANNOTATIONS_QUERY,
  BBOX_QUERY,
  BREAKS_QUERY,
  DATA_QUERY,
  LABELS_QUERY,
  MARKERS_QUERY,
  PATTERNS_QUERY,
  PROPORTIONAL_QUERY,
  REGIONS_QUERY,
  ROUTES_QUERY,
} from './query-readers.ts';
import { annotationItem, patternItem, region } from './region-schema.ts';
import { LIMITS, flag, list, oneOf, pixels, range, text } from './schema-parts.ts';
import { shapeCollection } from './shape-schema.ts';
import { tableFields } from './table-schema.ts';
import { strict } from './placement.ts';
import { division } from './division-field.ts';

export { LIMITS } from './schema-parts.ts';

const breaks = array(range('breaks', -LIMITS.magnitude, LIMITS.magnitude).required('breaks must be numbers'))
  .typeError('breaks must be numbers, ascending')
  .min(1, `breaks must hold 1 to ${LIMITS.breaks} numbers`)
  .max(LIMITS.breaks, `breaks must hold 1 to ${LIMITS.breaks} numbers`)
  .test('ascending', 'breaks must be strictly ascending', (b) => !b || b.every((v, i) => i === 0 || v > b[i - 1]));

const fields = {
  scope: string().meta({
    description:
      "The map extent: `world` (countries), a country's ISO 3166-1 alpha-2 code (`DE`, `US`, `RO`: its first-level " +
      'subdivisions, about 200 countries), a group (`EU`, `NATO`, `G7`, `G20`, `ASEAN`, `OECD`, `BRICS`, `africa`, `asia`, `europe`, ' +
      '`north-america`, `south-america`, `oceania`: the member countries), or `custom` with your own `geometry` (POST JSON). Matched case-insensitively. Required: missing is 400 `missing_scope`, unknown is 404 ' +
      '`invalid_scope` naming the closest scopes. `GET /scopes` lists the scopes.',
    example: 'world',
  }),
  level: oneOf(LEVELS, 'level').meta({
    description: `Detail of the outlines. Default: the scope's (\`${WORLD.defaultLevel}\` for world, \`${ROMANIA.defaultLevel}\` for countries; \`GET /scopes\` lists each), or finer where the output spreads the scope over more pixels: a large output, or a \`bbox\` that zooms into a country, a group or the world.`,
    example: 'medium',
  }),
  format,
  width: asIs(pixels('width').default(1200).meta({ description: 'Image width in pixels.', example: 800 })),
  height: asIs(
    pixels('height')
      .nullable()
      .transform((value, original) =>
        original === null || original === '' || /^auto$/i.test(String(original)) ? null : value,
      )
      .default(null)
      .meta({
        description:
          "Image height in pixels; automatic (null in JSON, empty or `auto` in a query) follows the projection's aspect ratio.",
        example: 600,
        queryWord: 'auto',
      }),
  ),
  projection: oneOf(PROJECTIONS, 'projection').meta({
    description:
      `Map projection. Default: the scope's (\`${WORLD.defaultProjection}\` for world, \`${ROMANIA.defaultProjection}\` with parallels ` +
      'fitted to the extent for countries, `albersUsa` for US). `albersUsa` draws only the United States and needs scope `US`, `world` or `custom`.',
    example: 'equalEarth',
  }),
  context: flag('context').meta({
    description:
      "Neighbouring land drawn muted around a country or group. Default: `true`, except where the projection is a composite with insets whose mainland ends short of the picture's edge (`albersUsa`, France's, Spain's, a country's with far islands such as Chile's): as in Datawrapper's US maps, no neighbour is drawn beside the insets.",
    example: false,
  }),
  worldview: oneOf(WORLDVIEWS, 'worldview')
    .default('un')
    .meta({
      description:
        'Whose boundaries are drawn where they are disputed: `un` as the UN and ISO 3166 list them (Crimea and Sevastopol in ' +
        "Ukraine), `de-facto` Natural Earth's lines of control (Crimea in Russia). Changes the world, the continents and the " +
        'groups that show the line; other scopes draw the same map either way. docs/boundaries.md has the policy.',
      example: 'de-facto',
    }),
  theme: asIs(
    oneOf(THEMES, 'theme').default('dark').meta({
      description: 'Colour theme: background, land, borders, text, highlight and the palettes.',
      example: 'light',
    }),
  ),
  colorScale: oneOf(COLOR_SCALES, 'colorScale')
    .default('sequential')
    .meta({
      description:
        '`sequential` classes; `diverging`: five classes symmetric around zero, fitted to the largest magnitude; ' +
        '`categorical`: one palette colour per distinct value in order of first appearance, at most ' +
        `${LIMITS.categories} values. Default \`sequential\`, or \`categorical\` when the values are text.`,
      example: 'diverging',
    }),
  classification: oneOf(CLASSIFICATIONS, 'classification')
    .default('quantile')
    .meta({
      description:
        'How a sequential scale bins numbers: `quantile` (equal counts), `jenks` (natural breaks), `equal` (equal intervals), ' +
        '5 classes (fewer with fewer distinct values); `custom` takes the classes from `breaks` and needs them. ' +
        'Ignored by `diverging`, `categorical` and a continuous legend. Default `quantile`, or `custom` when `breaks` is given.',
      example: 'jenks',
    }),
  breaks: breaks.meta({
    description:
      'Custom class edges, strictly ascending; each is the upper edge of a class, values above the last fall in the last class. ' +
      'Implies `classification` `custom`; with another classification it is a 400.',
    example: [10, 30, 60],
    query: BREAKS_QUERY,
  }),
  regions: list('regions', region, '{id, value}').meta({
    description:
      'Region data, one item per region. The same region twice (under any alias) is a 400. Unknown ids are left out of the map ' +
      'and listed in `X-Geo-Warnings`.',
    example: [
      { id: 'US', value: 200 },
      { id: 'DE', value: 95, color: '#1a6bcc' },
    ],
    query: REGIONS_QUERY,
    queryAlias: DATA_QUERY,
  }),
  // the GET (and CSV) spelling of per-region patterns and annotations, merged into regions by id
  patterns: list('patterns', patternItem, '{id, pattern}').meta({
    description:
      'Fill patterns by region id, merged into `regions` (a region not listed there gets the pattern alone).',
    example: [{ id: 'DE', pattern: 'stripes' }],
    query: PATTERNS_QUERY,
  }),
  annotations: list('annotations', annotationItem, '{id, annotation}').meta({
    description: 'Tooltips by region id, merged into `regions`.',
    example: [{ id: 'DE', annotation: 'Largest EU economy' }],
    query: ANNOTATIONS_QUERY,
  }),
  markers: list('markers', marker, '{lat, lon, icon or sidc, ...}', LIMITS.markers).meta({
    description: 'Point markers, drawn above regions and routes.',
    example: [{ lat: 44.43, lon: 26.1, icon: 'pin', label: 'Bucharest' }],
    query: MARKERS_QUERY,
  }),
  routes: list('routes', route, '{from, to, ...}', LIMITS.routes).meta({
    description: 'Routes between places.',
    example: [{ from: 'DE', to: 'BR', style: 'dashed', arrow: true }],
    query: ROUTES_QUERY,
  }),
  // checked by shape-schema.ts when the request is normalised
  shapes: mixed().meta({
    description: `Your own geometry: a GeoJSON FeatureCollection of at most ${LIMITS.shapes} features, styled by their properties. JSON body only.`,
    checkedBy: shapeCollection,
    jsonOnly: true,
  }),
  // scope custom's boundaries, a FeatureCollection or a Topology, checked by custom-geometry.ts
  geometry: mixed().meta({
    description:
      'With `scope: "custom"`, your own boundaries: a GeoJSON FeatureCollection or a TopoJSON Topology of Polygon and ' +
      `MultiPolygon features (at most ${LIMITS.regions}), each a region with an id (\`idProperty\`) and a name (\`nameProperty\`). ` +
      'Data, classes, legend, labels, markers and every other field work on them as on a built-in scope. Rings may wind either way. ' +
      'Its bytes count against the 4 MB body limit and are part of the ETag. JSON body only.',
    jsonSchema: GEOMETRY_JSON_SCHEMA,
    jsonOnly: true,
  }),
  idProperty: text('idProperty', LIMITS.propertyName).meta({
    description:
      "With `geometry`: the feature property holding each region's id. Default: the feature's `id`, else `properties.id`.",
    example: 'code',
    jsonOnly: true,
  }),
  nameProperty: text('nameProperty', LIMITS.propertyName).meta({
    description:
      "With `geometry`: the feature property holding each region's name. Default: `name` (the id when absent).",
    example: 'label',
    jsonOnly: true,
  }),
  labels: labels.meta({
    description:
      '`ISO` labels each region inside it where its label fits: every region with data, and those without of at least ' +
      '`labelMinArea` px² (data first, then larger; overlaps skipped); a list of ids labels just those, always. ' +
      '`labelContent` says what they show.',
    jsonSchema: LABELS_JSON_SCHEMA,
    example: 'ISO',
    query: LABELS_QUERY,
  }),
  labelContent: asIs(
    oneOf(LABEL_CONTENTS, 'labelContent')
      .default('id')
      .meta({
        description:
          "What a label shows: the region's canonical `id`, its `name` in `locale`, its `value` (formatted by `numberFormat`; " +
          'regions without one get no label), or `name-value`: the name with the value under it.',
        example: 'name-value',
      }),
  ),
  labelMinArea: range('labelMinArea', 0, 1_000_000).default(200).meta({
    description:
      'Smallest area, in px², of a region without data that `labels: ISO` labels (one with data is labelled wherever its label fits).',
  }),
  proportional: list('proportional', proportionalItem, '{id, value}').meta({
    description:
      'Proportional circles; radius = max(`proportionalMin`, √(value / largest) × `proportionalMax`), largest drawn first.',
    example: [
      { id: 'US', value: 330 },
      { id: 'CN', value: 1400 },
    ],
    query: PROPORTIONAL_QUERY,
  }),
  proportionalMax: range('proportionalMax', 0, 200)
    .default(40)
    .meta({ description: 'Radius of the largest circle, px.' }),
  proportionalMin: range('proportionalMin', 0, 100).default(4).meta({ description: 'Smallest radius, px.' }),
  graticule: asIs(flag('graticule').default(false).meta({ description: 'A 10° graticule.' })),
  northArrow: asIs(flag('northArrow').default(false).meta({ description: 'A north arrow, top right.' })),
  scaleBar: asIs(
    flag('scaleBar').default(false).meta({ description: 'A scale bar of a round 1, 2 or 5 × 10ⁿ km, bottom right.' }),
  ),
  logo: asIs(flag('logo').default(false).meta({ description: "The service's mark, top left." })),
  bbox: bbox.meta({
    description: `\`[minLon, minLat, maxLon, maxLat]\`: fit the map to this box instead of the scope's extent; lon -180 to 180, lat -90 to 90, each max at least ${MIN_BBOX_SIDE} (about 100 m) above its min.`,
    example: [-12, 34, 32, 60],
    query: BBOX_QUERY,
  }),
  padding: range('padding', 0, 1000, true).meta({
    description: 'Pixels between the frame and the map. Default: 2% of the width, 4 to 24.',
    example: 16,
  }),
  scale,
  quality,
  transparent: asIs(transparent),
  legend: asIs(flag('legend').default(true).meta({ description: 'Draw the legend (where `legendPosition` says).' })),
  legendTitle: asIs(
    text('legendTitle', LIMITS.legendTitle).meta({ description: 'Heading of the legend.', example: 'GDP, bn USD' }),
  ),
  sizeKeyTitle: asIs(
    text('sizeKeyTitle', LIMITS.sizeKeyTitle).meta({
      description:
        "Heading of the proportional circles' size key: what they measure, with its unit. Default: `legendTitle` when no region is coloured by value, else none.",
      example: 'Population (M)',
    }),
  ),
  legendLayout: asIs(
    oneOf(LEGEND_LAYOUTS, 'legendLayout').default('vertical').meta({
      description:
        '`vertical`, `horizontal` (rows of swatches), `continuous` (one gradient bar; regions take unclassed colours along the ramp).',
      example: 'horizontal',
    }),
  ),
  legendPosition: asIs(
    oneOf(LEGEND_POSITIONS, 'legendPosition').default('auto').meta({
      description:
        "Where the legend goes: `auto` (the first corner where it covers no region with data, one clear of the scope's other regions too when there is one, else a band below the map), `top` or `bottom` (a band above or below the map), or a corner of the map (`top-left`, `top-right`, `bottom-left`, `bottom-right`).",
      example: 'bottom',
    }),
  ),
  title: asIs(text('title', LIMITS.title).meta({ description: 'Title above the map.', example: 'World GDP' })),
  subtitle: asIs(
    text('subtitle', LIMITS.subtitle).meta({
      description: 'Subtitle under the title.',
      example: '2024, current prices',
    }),
  ),
  locale: asIs(locale),
  numberFormat: asIs(numberFormat),
  valueSuffix: asIs(valueSuffix),
  alt: asIs(alt),
  attribution: flag('attribution').default(true).meta({ description: 'The credit line of the geometry sources.' }),
  source: asIs(source),
  strict,
  division,
  ...tableFields,
};

export const requestSchema = object(fields).meta({
  description: 'A render request. Only `scope` is required; any field not listed here is a 400 naming it.',
  component: 'RenderRequest',
  // checked by normalise.ts before validation: scope's own 400/404, and the unknown field named
  extra: { required: ['scope'], additionalProperties: false },
});

export type ValidRequest = InferType<typeof requestSchema>;
export type FieldName = keyof typeof fields;
export const FIELD_NAMES: readonly string[] = Object.keys(fields);

/** The fields the normalised request carries as validated (marked by asIs). */
export type AsIsField = { [K in FieldName]: (typeof fields)[K] extends AsIs ? K : never }[FieldName];
/** What a field says about itself beyond validation (field-meta.ts); nothing for a name that is no field. */
export const fieldMeta = (name: string): SchemaMetadata =>
  (Object.hasOwn(fields, name) ? fields[name as FieldName].meta() : undefined) ?? {};

export const AS_IS_FIELDS = FIELD_NAMES.filter((name) => fieldMeta(name).asIs) as AsIsField[];

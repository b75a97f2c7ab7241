// What each request field means: descriptions, defaults and examples laid over the validation schema.
// Types, allowed values and limits are not written here; they come from the yup schema itself.
import type { requestSchema } from '../request/schema.ts';
import { LIMITS } from '../request/schema-parts.ts';
import { HEX_COLOR } from '../request/region-value.ts';
import { ROMANIA, WORLD } from '../../topology/scopes.ts';
import type { FieldDoc, JsonSchema } from './json-schema.ts';
import { ref } from './json-schema.ts';

export type FieldName = keyof typeof requestSchema.fields;

const REGION_ID = 'Region id. world: ISO 3166-1 alpha-2 (`US`; also alpha-3, numeric, English name); a country: ISO 3166-2 '
  + '(`RO-CJ`, `DE-BY`; also the bare code `BY`, HASC `DE.BY`, English and local names with or without diacritics, `Bavaria`, `Bayern`). '
  + 'Case-insensitive; `GET /scopes/{scope}` lists every id and alias.';

export const HEX_COLOR_SCHEMA: JsonSchema = { type: 'string', pattern: HEX_COLOR.source, description: 'A colour, `#rrggbb`.', examples: ['#1a6bcc'] };

const colorDoc = (what: string, otherwise?: string): FieldDoc => ({ description: `${what}, \`#rrggbb\`.${otherwise ? ` Default: ${otherwise}.` : ''}` });

export const REGION_ITEM: FieldDoc = {
  description: 'One region\'s data.',
  component: 'RegionItem',
  fields: {
    id: { description: REGION_ID, example: 'US' },
    value: {
      description: `A number gives a choropleth class; text (at most ${LIMITS.categoryLength} characters) a category; `
        + 'null or absent a highlight. Numbers and text cannot be mixed in one request.',
      schema: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: LIMITS.categoryLength }, { type: 'null' }] },
      example: 200,
    },
    color: colorDoc('Colour over the scale\'s; with a pattern, the pattern\'s foreground'),
    pattern: { description: 'Fill pattern; tiles at 8×8 units. `solid-outline` is a solid fill with a visible outline.' },
    annotation: { description: 'Tooltip text, shown in the region\'s SVG `<title>` after its name and value.' },
  },
};

const MARKER: FieldDoc = {
  description: 'A point marker: an icon or a military symbol at a position, with an optional label. `icon` and `sidc` exclude each other.',
  component: 'Marker',
  extra: { not: { required: ['icon', 'sidc'], properties: { icon: { type: 'string' }, sidc: { type: 'string' } } } },
  fields: {
    lat: { description: 'Latitude in degrees.', example: 44.43 },
    lon: { description: 'Longitude in degrees.', example: 26.1 },
    icon: { description: 'Icon name.', default: 'pin' },
    sidc: {
      description: 'A 20- or 30-digit APP-6 / MIL-STD-2525 symbol identification code, drawn with milsymbol.',
      extra: { pattern: '^(\\d{20}|\\d{30})$' },
      example: '10031000001211000000',
    },
    label: { description: 'Text next to the marker.', example: 'Bucharest' },
    labelPosition: { description: 'Where the label goes: `right` by default, `bottom` for a `sidc` symbol.' },
    size: { description: 'Size in pixels.', default: 16 },
    rotation: { description: 'Rotation in degrees, clockwise.', default: 0 },
    color: colorDoc('Marker colour', 'the theme\'s marker colour'),
  },
};

const LAT_LON: JsonSchema = {
  type: ['array', 'null'],
  prefixItems: [{ type: 'number', minimum: -90, maximum: 90 }, { type: 'number', minimum: -180, maximum: 180 }],
  minItems: 2,
  maxItems: 2,
};

const ROUTE: FieldDoc = {
  description: 'A line between two places: each end a region id (its visual centre) or explicit `[lat, lon]`. '
    + 'An end that resolves to nothing skips the route and reports it in `X-Geo-Warnings` (`unknown-routes`).',
  component: 'Route',
  extra: { allOf: [{ anyOf: [{ required: ['from'] }, { required: ['fromLatLon'] }] }, { anyOf: [{ required: ['to'] }, { required: ['toLatLon'] }] }] },
  fields: {
    from: { description: 'Region id of the start.', example: 'DE' },
    to: { description: 'Region id of the end.', example: 'BR' },
    fromLatLon: { description: 'Start as `[lat, lon]`; wins over `from`.', schema: LAT_LON, example: [52.52, 13.4] },
    toLatLon: { description: 'End as `[lat, lon]`; wins over `to`.', schema: LAT_LON, example: [-22.9, -43.2] },
    color: colorDoc('Line colour', 'the theme\'s text colour'),
    width: { description: 'Line width in pixels.', default: 2 },
    style: { description: 'Line style.', default: 'solid' },
    arrow: { description: 'An arrowhead at the end.', default: false },
    mode: { description: '`great-circle`, or `sea`: along shipping lanes (through Suez, Panama and Malacca where shorter).', default: 'great-circle' },
  },
};

const PROPORTIONAL_ITEM: FieldDoc = {
  description: 'A circle sized by value at a region\'s visual centre.',
  component: 'ProportionalItem',
  fields: {
    id: { description: REGION_ID, example: 'CN' },
    value: { description: 'A number, 0 or more; the largest gets `proportionalMax`.', example: 1400 },
    color: colorDoc('Circle colour'),
  },
};

/** Every field of the request; a field added to the schema does not compile until it is documented here. */
export const FIELD_DOCS: Record<FieldName, FieldDoc> = {
  scope: {
    description: 'The map extent: `world` (countries), a country\'s ISO 3166-1 alpha-2 code (`DE`, `US`, `RO`: its first-level '
      + 'subdivisions, about 200 countries), a group (`EU`, `NATO`, `G7`, `G20`, `ASEAN`, `OECD`, `BRICS`, `africa`, `asia`, `europe`, '
      + '`north-america`, `south-america`, `oceania`: the member countries), or `custom` with your own `geometry` (POST JSON). Matched case-insensitively. Required: missing is 400 `missing_scope`, unknown is 404 '
      + '`invalid_scope` naming the closest scopes. `GET /scopes` lists the scopes.',
    schema: { type: 'string' },
    example: 'world',
  },
  level: { description: `Detail of the outlines. Default: the scope's (\`${WORLD.defaultLevel}\` for world, \`${ROMANIA.defaultLevel}\` for countries; \`GET /scopes\` lists each).`, example: 'medium' },
  format: { description: 'Output format.', default: 'svg' },
  width: { description: 'Image width in pixels.', default: 1200, example: 800 },
  height: { description: 'Image height in pixels; automatic (null in JSON, empty or `auto` in a query) follows the projection\'s aspect ratio.', default: null, example: 600 },
  projection: {
    description: `Map projection. Default: the scope's (\`${WORLD.defaultProjection}\` for world, \`${ROMANIA.defaultProjection}\` with parallels `
      + 'fitted to the extent for countries, `albersUsa` for US). `albersUsa` draws only the United States and needs scope `US`, `world` or `custom`.',
    example: 'equalEarth',
  },
  theme: { description: 'Colour theme: background, land, borders, text, highlight and the palettes.', default: 'dark', example: 'light' },
  colorScale: {
    description: '`sequential` classes; `diverging`: five classes symmetric around zero; `categorical`: one palette colour per '
      + 'distinct value in order of first appearance. Default `sequential`, or `categorical` when the values are text.',
    default: 'sequential',
    example: 'diverging',
  },
  classification: {
    description: 'How a sequential scale bins numbers: `quantile` (equal counts), `jenks` (natural breaks), `equal` (equal intervals), '
      + '5 classes (fewer with fewer distinct values); `custom` takes the classes from `breaks` and needs them. '
      + 'Ignored by `diverging`, `categorical` and a continuous legend. Default `quantile`, or `custom` when `breaks` is given.',
    default: 'quantile',
    example: 'jenks',
  },
  breaks: {
    description: 'Custom class edges, strictly ascending; each is the upper edge of a class, values above the last fall in the last class. '
      + 'Implies `classification` `custom`; with another classification it is a 400.',
    example: [10, 30, 60],
  },
  regions: {
    description: 'Region data, one item per region. The same region twice (under any alias) is a 400. Unknown ids are left out of the map '
      + 'and listed in `X-Geo-Warnings`.',
    items: REGION_ITEM,
    example: [{ id: 'US', value: 200 }, { id: 'DE', value: 95, color: '#1a6bcc' }],
  },
  patterns: {
    description: 'Fill patterns by region id, merged into `regions` (a region not listed there gets the pattern alone).',
    items: { description: 'A region\'s pattern.', component: 'PatternItem', fields: { id: { description: REGION_ID }, pattern: { description: 'Fill pattern.' } } },
    example: [{ id: 'DE', pattern: 'stripes' }],
  },
  annotations: {
    description: 'Tooltips by region id, merged into `regions`.',
    items: {
      description: 'A region\'s tooltip.',
      component: 'AnnotationItem',
      fields: { id: { description: REGION_ID }, annotation: { description: 'Tooltip text.' } },
    },
    example: [{ id: 'DE', annotation: 'Largest EU economy' }],
  },
  markers: { description: 'Point markers, drawn above regions and routes.', items: MARKER, example: [{ lat: 44.43, lon: 26.1, icon: 'pin', label: 'Bucharest' }] },
  routes: { description: 'Routes between places.', items: ROUTE, example: [{ from: 'DE', to: 'BR', style: 'dashed', arrow: true }] },
  shapes: {
    description: `Your own geometry: a GeoJSON FeatureCollection of at most ${LIMITS.shapes} features, styled by their properties. JSON body only.`,
    schema: ref('ShapeCollection'),
  },
  geometry: {
    description: 'With `scope: "custom"`, your own boundaries: a GeoJSON FeatureCollection or a TopoJSON Topology of Polygon and '
      + `MultiPolygon features (at most ${LIMITS.regions}), each a region with an id (\`idProperty\`) and a name (\`nameProperty\`). `
      + 'Data, classes, legend, labels, markers and every other field work on them as on a built-in scope. Rings may wind either way. '
      + 'Its bytes count against the 4 MB body limit and are part of the ETag. JSON body only.',
    schema: {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', enum: ['FeatureCollection', 'Topology'] } },
      examples: [{
        type: 'FeatureCollection',
        features: [{ type: 'Feature', id: 'north', properties: { name: 'North' }, geometry: { type: 'Polygon', coordinates: [[[20, 46], [30, 46], [30, 48], [20, 48], [20, 46]]] } }],
      }],
    },
  },
  idProperty: { description: 'With `geometry`: the feature property holding each region\'s id. Default: the feature\'s `id`, else `properties.id`.', example: 'code' },
  nameProperty: { description: 'With `geometry`: the feature property holding each region\'s name. Default: `name` (the id when absent).', example: 'label' },
  labels: {
    description: '`ISO` labels every region of at least `labelMinArea` px² (larger first, overlaps skipped); a list of ids labels just those, '
      + 'always. Labels show the canonical id.',
    schema: {
      anyOf: [
        { type: 'string', enum: ['ISO'], description: 'every region large enough' },
        { type: 'array', items: { type: 'string' }, maxItems: LIMITS.regions, description: 'region ids' },
      ],
    },
    example: 'ISO',
  },
  labelMinArea: { description: 'Smallest polygon area, in px², that `labels: ISO` labels.', default: 200 },
  proportional: {
    description: 'Proportional circles; radius = max(`proportionalMin`, √(value / largest) × `proportionalMax`), largest drawn first.',
    items: PROPORTIONAL_ITEM,
    example: [{ id: 'US', value: 330 }, { id: 'CN', value: 1400 }],
  },
  proportionalMax: { description: 'Radius of the largest circle, px.', default: 40 },
  proportionalMin: { description: 'Smallest radius, px.', default: 4 },
  graticule: { description: 'A 10° graticule.', default: false },
  northArrow: { description: 'A north arrow, top right.', default: false },
  scaleBar: { description: 'A scale bar of a round 1, 2 or 5 × 10ⁿ km, bottom right.', default: false },
  logo: { description: 'The service\'s mark, top left.', default: false },
  bbox: {
    description: '`[minLon, minLat, maxLon, maxLat]`: fit the map to this box instead of the scope\'s extent; lon -180 to 180, lat -90 to 90, min below max.',
    example: [-12, 34, 32, 60],
  },
  padding: { description: 'Pixels between the frame and the map. Default: 2% of the width, 4 to 24.', example: 16 },
  scale: { description: 'Pixel density of a PNG: `width × scale` pixels wide, drawn sharp. Ignored for SVG.', default: 1, example: 2 },
  legend: { description: 'Draw the legend (in the first corner free of data).', default: true },
  legendTitle: { description: 'Heading of the legend.', example: 'GDP, bn USD' },
  legendLayout: {
    description: '`vertical`, `horizontal` (rows of swatches), `continuous` (one gradient bar; regions take unclassed colours along the ramp).',
    default: 'vertical',
    example: 'horizontal',
  },
  title: { description: 'Title above the map.', example: 'World GDP' },
  subtitle: { description: 'Subtitle under the title.', example: '2024, current prices' },
  attribution: { description: 'The credit line of the geometry sources.', default: true },
};

/** How GET (and the query string beside a CSV body) writes the fields that are lists on POST. */
export interface GetGrammar {
  description: string;
  /** a string in the grammar; for a comma list, the list */
  example: string | readonly (string | number)[];
  /** the parameter is an array written `a,b,c` (OpenAPI style form, explode false): this schema, or `true` for the body field's */
  commaList?: JsonSchema | true;
}

export const GET_GRAMMAR: Partial<Record<FieldName | 'data', GetGrammar>> = {
  data: {
    description: `Region data: \`id:value[:#rrggbb]\` pairs split by \`,\` or \`;\` (at most ${LIMITS.regions}). The value is a number, `
      + `a text category (at most ${LIMITS.categoryLength} characters; turns \`colorScale\` to \`categorical\`) or empty (\`id:\` highlights); `
      + '`id:#rrggbb` paints a flat colour. Numbers mixed with text, or a malformed pair: 400 `invalid_data`. GET only: POST sends `regions`.',
    example: 'US:200,CN:150:#ff0000,IN:80',
  },
  regions: {
    description: `region ids to highlight, split by \`,\` or \`;\` (at most ${LIMITS.regions}). Not together with \`data\` (400 \`invalid_data\`).`,
    example: ['RO', 'DE', 'FR'],
    commaList: { type: 'array', items: { type: 'string' }, maxItems: LIMITS.regions },
  },
  patterns: { description: '`id:pattern` pairs split by `,` or `;`.', example: 'DE:stripes,IT:dots' },
  annotations: { description: '`id:text` pairs split by `,`; only the first `:` of a pair splits, so the text may hold `:`.', example: 'DE:Largest EU economy' },
  proportional: { description: '`id:value[:#rrggbb]` pairs split by `,` or `;`, numbers only.', example: 'US:330,CN:1400,IN:1380' },
  labels: { description: '`ISO`, or region ids split by `,`.', example: 'ISO' },
  markers: {
    description: `\`lat,lon[:icon-or-sidc][:label][:labelPosition][:size]\`, entries split by \`;\` (at most ${LIMITS.markers}); `
      + 'a symbol of digits only is a `sidc`.',
    example: '44.43,26.10:pin:Bucharest:right;30.04,31.24:10031000001211000000:Unit',
  },
  routes: {
    description: `\`from>to[:option]...\`, entries split by \`;\` (at most ${LIMITS.routes}); each end a region id or \`lat,lon\`; `
      + 'options in any order: a `#rrggbb` colour, a number (width), `solid`/`dashed`/`dotted`, `arrow`, `sea`.',
    example: 'DE>BR:#60a5fa:2:dashed:arrow',
  },
  breaks: { description: 'numbers split by `,`.', example: [10, 30, 60], commaList: true },
  bbox: { description: '`minLon,minLat,maxLon,maxLat`.', example: [-12, 34, 32, 60], commaList: true },
};

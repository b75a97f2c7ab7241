// Generators of the whole input surface for the property tests: GET queries shaped like each parameter's grammar,
// CSV-like text and JSON bodies near valid, their parts drawn from valid and invalid values alike.
import fc from 'fast-check';
import { loadCatalogue } from '../../topology/catalogue.ts';
import type { Format } from '../../renderer-page/spec.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { GEOMETRY_TYPES } from '../../server/request/shape-schema.ts';
import {
  CLASSIFICATIONS,
  COLOR_SCALES,
  FORMATS,
  LABEL_POSITIONS,
  LEGEND_LAYOUTS,
  LEVELS,
  MARKER_ICONS,
  PATTERNS,
  PROJECTIONS,
  ROUTE_MODES,
  ROUTE_STYLES,
  THEMES,
} from '../../server/request/enums.ts';

const catalogue = loadCatalogue();
const PARAMETERS = [...FIELD_NAMES, 'data'];

// ---- building blocks --------------------------------------------------------------------------------------

const regionIds = catalogue.scopes.flatMap((s) => s.regions.flatMap((r) => [r.id, r.name, ...r.aliases]));
const junk = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    '\uD800',
    '\u202E',
    '%',
    '%zz',
    '&',
    '=',
    '+',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '<svg onload=alert(1)>',
    '"',
    "'",
    '\\',
    'a'.repeat(300),
    'null',
    'undefined',
    'NaN',
  ),
);
const id = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...regionIds) }, { weight: 1, arbitrary: junk });
const numberText = fc.oneof(
  fc.integer({ min: -10, max: 10_000 }).map(String),
  fc.double().map(String),
  fc.constantFrom(
    '1e309',
    '-1e309',
    '1e-400',
    '0x10',
    '0b1',
    '0o7',
    '1_000',
    '+5',
    '.5',
    '5.',
    '-.0',
    '00012',
    '9'.repeat(400),
    '1,5',
    '٣',
    '１２',
    ' 7 ',
    '1e3',
    '-0',
    '8000',
    '8001',
    '16385',
    '4.5',
    '-1',
  ),
);
const color = fc.oneof(
  fc.stringMatching(/^#[0-9a-fA-F]{6}$/),
  fc.constantFrom('#fff', '#12345g', '#', 'red', '#ff000000', ' #ff0000'),
);
const coordinate = fc.oneof(
  fc.integer({ min: -18_000, max: 18_000 }).map((n) => (n / 100).toFixed(2)),
  fc.double({ min: -200, max: 200, noNaN: true }).map(String),
  numberText,
);
const latLon = fc.tuple(coordinate, coordinate).map(([lat, lon]) => `${lat},${lon}`);
const sidc = fc.oneof(
  fc.constantFrom('10031000001211000000', '130310001411010000000000000000'),
  fc.stringMatching(/^\d{20}$/),
  fc.stringMatching(/^\d{30}$/),
);
/** An enumeration's words in any case and spacing, or something else. */
const word = (words: readonly string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...words).chain((w) => fc.constantFrom(w, w.toUpperCase(), w.toLowerCase(), ` ${w} `)),
    },
    { weight: 1, arbitrary: junk },
  );
const flagText = word(['true', 'false', '1', '0', 'yes', 'no']);
const list = <T>(item: fc.Arbitrary<T>, separators: string[], maxLength = 6) =>
  fc
    .tuple(fc.array(item, { maxLength }), fc.constantFrom(...separators))
    .map(([items, separator]) => items.join(separator));
const optional = (part: fc.Arbitrary<string>) => fc.option(part, { nil: '' });

const ENUM_WORDS = [
  ...THEMES,
  ...PROJECTIONS,
  ...COLOR_SCALES,
  ...CLASSIFICATIONS,
  ...LEGEND_LAYOUTS,
  ...PATTERNS,
  ...MARKER_ICONS,
  ...LABEL_POSITIONS,
  ...ROUTE_STYLES,
  ...ROUTE_MODES,
  ...LEVELS,
  ...FORMATS,
  'ISO',
  'auto',
  'true',
  'no',
  'arrow',
  'sea',
  'world',
  'RO',
];
/** Any parameter's value: tokens of every kind joined by the grammar's separators. */
const mixedValue = fc
  .array(
    fc.tuple(
      fc.oneof(id, fc.constantFrom(...ENUM_WORDS), numberText, color, latLon, sidc, junk),
      fc.constantFrom(':', ',', ';', '>', '#', ' ', '', '::', ',,', '>>'),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.map(([token, separator]) => token + separator).join(''));

// ---- (a) the GET grammar --------------------------------------------------------------------------------------

const category = fc.oneof(fc.constantFrom('High', 'Mid', 'Low', 'a b'), junk);
const routeEnd = fc.oneof(id, latLon);
const routeOption = fc.oneof(color, numberText, word([...ROUTE_STYLES, ...ROUTE_MODES, 'arrow']), junk);

/** Values shaped like each parameter's grammar, their parts drawn from valid and invalid alike. */
const GET_VALUES: Record<string, fc.Arbitrary<string>> = {
  scope: word(['world', 'RO']),
  data: list(
    fc
      .tuple(id, fc.oneof(numberText, category, fc.constant('')), optional(color))
      .map(([i, v, c]) => (c ? `${i}:${v}:${c}` : `${i}:${v}`)),
    [',', ';'],
  ),
  regions: list(id, [',', ';']),
  patterns: list(
    fc.tuple(id, word(PATTERNS)).map(([i, p]) => `${i}:${p}`),
    [',', ';'],
  ),
  annotations: list(
    fc.tuple(id, junk).map(([i, t]) => `${i}:${t}`),
    [','],
  ),
  proportional: list(
    fc.tuple(id, numberText, optional(color)).map(([i, v, c]) => (c ? `${i}:${v}:${c}` : `${i}:${v}`)),
    [',', ';'],
  ),
  markers: list(
    fc
      .tuple(
        latLon,
        optional(fc.oneof(word(MARKER_ICONS), sidc)),
        optional(junk),
        optional(word(LABEL_POSITIONS)),
        optional(numberText),
      )
      .map((parts) => parts.join(':').replace(/:+$/, '')),
    [';'],
  ),
  routes: list(
    fc
      .tuple(routeEnd, routeEnd, fc.array(routeOption, { maxLength: 4 }))
      .map(([a, b, options]) => [`${a}>${b}`, ...options].join(':')),
    [';'],
  ),
  breaks: list(numberText, [','], 22),
  bbox: list(coordinate, [','], 5),
  labels: fc.oneof(word(['ISO']), list(id, [','])),
  level: word(LEVELS),
  format: word(FORMATS),
  projection: word(PROJECTIONS),
  theme: word(THEMES),
  colorScale: word(COLOR_SCALES),
  classification: word(CLASSIFICATIONS),
  legendLayout: word(LEGEND_LAYOUTS),
  graticule: flagText,
  northArrow: flagText,
  scaleBar: flagText,
  logo: flagText,
  legend: flagText,
  attribution: flagText,
  title: fc.oneof(junk, fc.string({ minLength: 100, maxLength: 200 })),
  subtitle: junk,
  legendTitle: fc.oneof(junk, fc.string({ minLength: 60, maxLength: 70 })),
};
const NUMERIC = ['width', 'height', 'padding', 'scale', 'labelMinArea', 'proportionalMin', 'proportionalMax'];
const valueFor = (name: string) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: Object.hasOwn(GET_VALUES, name)
        ? GET_VALUES[name]!
        : NUMERIC.includes(name)
          ? fc.oneof(numberText, fc.constantFrom('auto', ''))
          : junk,
    },
    { weight: 1, arbitrary: mixedValue },
  );
/** A parameter name: a real one (maybe in another case), or not. */
const parameterName = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...PARAMETERS) },
  { weight: 1, arbitrary: fc.constantFrom(...PARAMETERS).map((n) => n.toUpperCase()) },
  { weight: 1, arbitrary: junk },
);
const parameter = parameterName.chain((name) => valueFor(name).map((value): [string, string] => [name, value]));
/** Query parameters, nearly always with a scope first so that the rest is looked at. */
export const queryParameters = fc
  .tuple(
    fc.oneof(
      { weight: 9, arbitrary: GET_VALUES.scope!.map((s): Array<[string, string]> => [['scope', s]]) },
      { weight: 1, arbitrary: fc.constant([]) },
    ),
    fc.array(parameter, { maxLength: 7 }),
  )
  .map(([scope, rest]) => [...scope, ...rest.filter(([name]) => name.toLowerCase() !== 'scope')]);
export const query = queryParameters.map((parameters) => new URLSearchParams(parameters).toString());
export const pathFormat = fc.constantFrom<Format | undefined>(undefined, 'svg', 'png');
/** Raw query text: any mix of the characters that mean something in a query or in the grammar. */
export const rawQuery = fc
  .string({ unit: fc.constantFrom(...'&=%+:;,#>.-_ abcdeglnoprstwxyzIOSU0123456789'), maxLength: 80 })
  .map((tail) => `scope=world&${tail}`);

// ---- (b) the CSV body -----------------------------------------------------------------------------------------

const cell = fc.oneof(
  id,
  numberText,
  color,
  category,
  fc.constantFrom(
    'id',
    'ID',
    'value',
    'Value',
    'color',
    'colour',
    'count',
    '1,5',
    '-0,25',
    '',
    ' ',
    '"',
    '""',
    '"a"b',
    'a"b',
  ),
);
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** CSV-like text: a header or not, cells quoted or not (or badly), delimiters, line endings and a BOM mixed. */
export const csvText = fc
  .record({
    bom: fc.boolean(),
    header: fc.constantFrom(
      '',
      'id,value',
      'id,value,color',
      'ID;Value;Color',
      'id\tcount',
      'id,name',
      'id',
      'id,value,colour',
    ),
    delimiter: fc.constantFrom(',', ';', '\t', '|'),
    newline: fc.constantFrom('\n', '\r\n', '\r'),
    rows: fc.array(fc.array(fc.tuple(cell, fc.constantFrom('plain', 'quoted', 'broken')), { maxLength: 5 }), {
      maxLength: 8,
    }),
    trailing: fc.constantFrom('', '\n', '\r\n', '\n\n', ' '),
  })
  .map(({ bom, header, delimiter, newline, rows, trailing }) => {
    const lines = rows.map((cells) =>
      cells
        .map(([text, how]) => (how === 'quoted' ? quoted(text) : how === 'broken' ? `"${text}` : text))
        .join(delimiter),
    );
    if (header) lines.unshift(header.replace(/[,;\t]/g, delimiter));
    return (bom ? '\uFEFF' : '') + lines.join(newline) + trailing;
  });

// ---- (c) the JSON body ----------------------------------------------------------------------------------------

/** As the server sees a JSON body: what JSON can carry of it. */
export const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');
export const json = fc.jsonValue();
const anyNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(1e308, -1e308, 5e-324, 0, -0, 8000, 8001, 1.5));
const numberish = fc.oneof(
  { weight: 3, arbitrary: anyNumber },
  { weight: 1, arbitrary: numberText },
  { weight: 1, arbitrary: json },
);
const textish = fc.oneof({ weight: 3, arbitrary: junk }, { weight: 1, arbitrary: json });
const someOf = <T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record(model, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.record(model, { requiredKeys: [] }), fc.dictionary(junk, json, { maxKeys: 2 }))
        .map(([known, extra]) => ({ ...extra, ...known })),
    },
    { weight: 1, arbitrary: json },
  );
const pair = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(anyNumber, anyNumber) },
  { weight: 1, arbitrary: fc.array(numberish, { maxLength: 3 }) },
  { weight: 1, arbitrary: json },
);
const position = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true })),
  },
  { weight: 1, arbitrary: fc.array(numberish, { maxLength: 4 }) },
);
const coordinates = fc.letrec((tie) => ({
  nested: fc.oneof({ depthSize: 'small', withCrossShrink: true }, position, fc.array(tie('nested'), { maxLength: 5 })),
})).nested;
const feature = someOf({
  type: fc.oneof(fc.constant('Feature'), textish),
  geometry: someOf({ type: fc.oneof(fc.constantFrom(...GEOMETRY_TYPES), textish), coordinates }),
  properties: someOf({
    fill: fc.oneof(color, textish),
    stroke: fc.oneof(color, textish),
    strokeWidth: numberish,
    opacity: numberish,
    dashArray: fc.oneof(fc.array(numberish, { maxLength: 12 }), textish),
    radius: numberish,
    title: textish,
    name: textish,
  }),
});
/** Bodies near valid: the real fields, each with a value of the right kind or not. */
const BODY = {
  scope: fc.oneof({ weight: 8, arbitrary: word(['world', 'RO']) }, { weight: 1, arbitrary: json }),
  level: word(LEVELS),
  format: word(FORMATS),
  projection: word(PROJECTIONS),
  theme: word(THEMES),
  colorScale: word(COLOR_SCALES),
  classification: word(CLASSIFICATIONS),
  legendLayout: word(LEGEND_LAYOUTS),
  width: numberish,
  height: fc.oneof(numberish, fc.constantFrom(null, 'auto')),
  padding: numberish,
  scale: numberish,
  labelMinArea: numberish,
  proportionalMin: numberish,
  proportionalMax: numberish,
  graticule: fc.oneof(fc.boolean(), flagText),
  northArrow: fc.boolean(),
  scaleBar: fc.boolean(),
  logo: fc.boolean(),
  legend: fc.boolean(),
  attribution: fc.oneof(fc.boolean(), json),
  title: textish,
  subtitle: textish,
  legendTitle: textish,
  breaks: fc.oneof(fc.array(numberish, { maxLength: 22 }), json),
  bbox: fc.oneof(
    fc.array(anyNumber, { minLength: 3, maxLength: 5 }),
    fc.tuple(fc.constant(-10), fc.constant(-10), anyNumber, anyNumber),
    json,
  ),
  labels: fc.oneof(word(['ISO']), fc.array(fc.oneof(id, json), { maxLength: 5 }), json),
  regions: fc.array(
    someOf({
      id: fc.oneof({ weight: 5, arbitrary: id }, { weight: 1, arbitrary: json }),
      value: fc.oneof(anyNumber, category, fc.constant(null), numberText, json),
      color: fc.oneof(color, textish, fc.constant(null)),
      pattern: fc.oneof(word(PATTERNS), fc.constant(null)),
      annotation: textish,
    }),
    { maxLength: 6 },
  ),
  patterns: fc.array(someOf({ id, pattern: word(PATTERNS) }), { maxLength: 3 }),
  annotations: fc.array(someOf({ id, annotation: textish }), { maxLength: 3 }),
  proportional: fc.array(someOf({ id, value: numberish, color: fc.oneof(color, textish) }), { maxLength: 4 }),
  markers: fc.array(
    someOf({
      lat: numberish,
      lon: numberish,
      icon: word(MARKER_ICONS),
      sidc: fc.oneof(sidc, textish),
      label: textish,
      labelPosition: word(LABEL_POSITIONS),
      size: numberish,
      rotation: numberish,
      color: fc.oneof(color, textish),
    }),
    { maxLength: 4 },
  ),
  routes: fc.array(
    someOf({
      from: fc.oneof(id, json),
      to: fc.oneof(id, json),
      fromLatLon: pair,
      toLatLon: pair,
      color: fc.oneof(color, textish),
      width: numberish,
      style: word(ROUTE_STYLES),
      arrow: fc.oneof(fc.boolean(), flagText),
      mode: word(ROUTE_MODES),
    }),
    { maxLength: 3 },
  ),
  shapes: fc.oneof(
    {
      weight: 4,
      arbitrary: someOf({
        type: fc.oneof(fc.constant('FeatureCollection'), textish),
        features: fc.oneof(fc.array(feature, { maxLength: 4 }), json),
      }),
    },
    { weight: 1, arbitrary: json },
  ),
};
/** A scope (nearly always) and a few other fields: more would nearly always hold one bad value. */
export const nearValidBody = fc
  .tuple(
    fc.oneof(
      { weight: 9, arbitrary: BODY.scope.map((scope) => ({ scope })) },
      { weight: 1, arbitrary: fc.constant({}) },
    ),
    fc
      .subarray(Object.keys(BODY).filter((key) => key !== 'scope') as Array<keyof typeof BODY>, { maxLength: 4 })
      .chain((keys) => fc.tuple(...keys.map((key) => BODY[key].map((value) => [key, value] as const)))),
    fc.oneof({ weight: 15, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(junk, json) }),
  )
  .map(([scope, fields, extra]) => ({
    ...(extra ? { [extra[0]]: extra[1] } : {}),
    ...scope,
    ...Object.fromEntries(fields),
  }));

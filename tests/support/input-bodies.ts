// Generators of JSON request bodies for the property tests: near valid, the real fields each with a value of the
// right kind or not, down to the GeoJSON of `shapes`; and any JSON at all.
import fc from 'fast-check';
import { GEOMETRY_TYPES } from '../../server/request/coordinates.ts';
import { LABEL_POSITIONS, MARKER_ICONS, PATTERNS, ROUTE_MODES, ROUTE_STYLES } from '../../shared/lists.ts';
import { category, color, enumFields, flagText, id, junk, numberText, sidc, word } from './input-tokens.ts';

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
  ...enumFields,
  width: numberish,
  height: fc.oneof(numberish, fc.constantFrom(null, 'auto')),
  padding: numberish,
  scale: numberish,
  quality: numberish,
  transparent: fc.oneof(fc.boolean(), flagText),
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

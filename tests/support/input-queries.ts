// Generators of GET queries for the property tests: each parameter's value shaped like its grammar, the parts
// drawn from valid and invalid values alike, and raw query text of the characters that mean something.
import fc from 'fast-check';
import type { Format } from '../../renderer-page/spec.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import * as enums from '../../shared/lists.ts';
import {
  category,
  color,
  coordinate,
  enumFields,
  flagText,
  id,
  junk,
  latLon,
  numberText,
  sidc,
  word,
} from './input-tokens.ts';

const PARAMETERS = [...FIELD_NAMES, 'data'];

const list = <T>(item: fc.Arbitrary<T>, separators: string[], maxLength = 6) =>
  fc
    .tuple(fc.array(item, { maxLength }), fc.constantFrom(...separators))
    .map(([items, separator]) => items.join(separator));
const optional = (part: fc.Arbitrary<string>) => fc.option(part, { nil: '' });

const ENUM_WORDS = [
  ...enums.THEMES,
  ...enums.PROJECTIONS,
  ...enums.COLOR_SCALES,
  ...enums.CLASSIFICATIONS,
  ...enums.LEGEND_LAYOUTS,
  ...enums.PATTERNS,
  ...enums.MARKER_ICONS,
  ...enums.LABEL_POSITIONS,
  ...enums.ROUTE_STYLES,
  ...enums.ROUTE_MODES,
  ...enums.LEVELS,
  ...enums.FORMATS,
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

const routeEnd = fc.oneof(id, latLon);
const routeOption = fc.oneof(color, numberText, word([...enums.ROUTE_STYLES, ...enums.ROUTE_MODES, 'arrow']), junk);

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
    fc.tuple(id, word(enums.PATTERNS)).map(([i, p]) => `${i}:${p}`),
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
        optional(fc.oneof(word(enums.MARKER_ICONS), sidc)),
        optional(junk),
        optional(word(enums.LABEL_POSITIONS)),
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
  ...enumFields,
  graticule: flagText,
  transparent: flagText,
  northArrow: flagText,
  scaleBar: flagText,
  logo: flagText,
  legend: flagText,
  attribution: flagText,
  title: fc.oneof(junk, fc.string({ minLength: 100, maxLength: 200 })),
  subtitle: junk,
  legendTitle: fc.oneof(junk, fc.string({ minLength: 60, maxLength: 70 })),
};
const NUMERIC = [
  'width',
  'height',
  'padding',
  'scale',
  'quality',
  'labelMinArea',
  'proportionalMin',
  'proportionalMax',
];
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
export const pathFormat = fc.constantFrom<Format | undefined>(undefined, 'svg', 'png', 'pdf', 'jpeg', 'webp');
/** Raw query text: any mix of the characters that mean something in a query or in the grammar. */
export const rawQuery = fc
  .string({ unit: fc.constantFrom(...'&=%+:;,#>.-_ abcdeglnoprstwxyzIOSU0123456789'), maxLength: 80 })
  .map((tail) => `scope=world&${tail}`);

// The tokens the input generators build from: region ids and names, numbers, colours, coordinates, symbol codes
// and the words of each enumeration, each as valid as not; junk is what no grammar expects.
import fc from 'fast-check';
import { loadCatalogue } from '../../topology/catalogue.ts';
import {
  CLASSIFICATIONS,
  COLOR_SCALES,
  FORMATS,
  LEGEND_LAYOUTS,
  LEVELS,
  PROJECTIONS,
  THEMES,
} from '../../shared/lists.ts';

const catalogue = loadCatalogue();

const regionIds = catalogue.scopes.flatMap((s) => s.regions.flatMap((r) => [r.id, r.name, ...r.aliases]));
export const junk = fc.oneof(
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
/** A region's id, name or alias in any scope, now and then junk. */
export const id = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...regionIds) }, { weight: 1, arbitrary: junk });
export const numberText = fc.oneof(
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
export const color = fc.oneof(
  fc.stringMatching(/^#[0-9a-fA-F]{6}$/),
  fc.constantFrom('#fff', '#12345g', '#', 'red', '#ff000000', ' #ff0000'),
);
export const coordinate = fc.oneof(
  fc.integer({ min: -18_000, max: 18_000 }).map((n) => (n / 100).toFixed(2)),
  fc.double({ min: -200, max: 200, noNaN: true }).map(String),
  numberText,
);
export const latLon = fc.tuple(coordinate, coordinate).map(([lat, lon]) => `${lat},${lon}`);
export const sidc = fc.oneof(
  fc.constantFrom('10031000001211000000', '130310001411010000000000000000'),
  fc.stringMatching(/^\d{20}$/),
  fc.stringMatching(/^\d{30}$/),
);
/** An enumeration's words in any case and spacing, or something else. */
export const word = (words: readonly string[]) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...words).chain((w) => fc.constantFrom(w, w.toUpperCase(), w.toLowerCase(), ` ${w} `)),
    },
    { weight: 1, arbitrary: junk },
  );
export const flagText = word(['true', 'false', '1', '0', 'yes', 'no']);
/** A text value, which makes the map's classes categories. */
export const category = fc.oneof(fc.constantFrom('High', 'Mid', 'Low', 'a b'), junk);
/** The fields whose value is one word of an enumeration, written alike in a query and in a JSON body. */
export const enumFields = {
  level: word(LEVELS),
  format: word(FORMATS),
  projection: word(PROJECTIONS),
  theme: word(THEMES),
  colorScale: word(COLOR_SCALES),
  classification: word(CLASSIFICATIONS),
  legendLayout: word(LEGEND_LAYOUTS),
};

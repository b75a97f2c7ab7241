// Schemas of the per-region items: a region's data, and the GET/CSV side lists of patterns and annotations.
import { mixed, object } from 'yup';
import { PATTERNS } from '../../shared/lists.ts';
import {
  LIMITS,
  NO_CONTROL_CHARACTERS,
  NOT_XML_TEXT,
  color,
  isDataNumber,
  oneOf,
  regionIdText,
  text,
} from './schema-parts.ts';

export const REGION_ID =
  'Region id. world: ISO 3166-1 alpha-2 (`US`; also alpha-3, numeric, English name); a country: ISO 3166-2 ' +
  '(`RO-CJ`, `DE-BY`; also the bare code `BY`, HASC `DE.BY`, English and local names with or without diacritics, `Bavaria`, `Bayern`). ' +
  'Case-insensitive; `GET /scopes/{scope}` lists every id and alias.';

const regionValue = mixed<number | string>()
  .nullable()
  .test(
    'region-value',
    `\${path} must be a number from -${LIMITS.magnitude} to ${LIMITS.magnitude}, a text category of at most ${LIMITS.categoryLength} characters ${NO_CONTROL_CHARACTERS}, or null`,
    (v) =>
      v === undefined ||
      v === null ||
      isDataNumber(v) ||
      (typeof v === 'string' && v.length <= LIMITS.categoryLength && !NOT_XML_TEXT.test(v)),
  )
  .meta({
    description:
      `A number gives a choropleth class; text (at most ${LIMITS.categoryLength} characters) a category; ` +
      'null or absent a highlight. Numbers and text cannot be mixed in one request.',
    jsonSchema: {
      anyOf: [
        { type: 'number', minimum: -LIMITS.magnitude, maximum: LIMITS.magnitude },
        { type: 'string', maxLength: LIMITS.categoryLength },
        { type: 'null' },
      ],
    },
    example: 200,
  });

const regionId = regionIdText().required('${path} is required');
const pattern = oneOf(PATTERNS, '${path}');
const annotation = text('${path}', LIMITS.annotation);

export const region = object({
  id: regionId.meta({ description: REGION_ID, example: 'US' }),
  value: regionValue,
  color: color('${path}').meta({
    description: "Colour over the scale's; with a pattern, the pattern's foreground, `#rrggbb`.",
  }),
  pattern: pattern
    .nullable()
    .meta({ description: 'Fill pattern; tiles at 8×8 units. `solid-outline` is a solid fill with a visible outline.' }),
  annotation: annotation.meta({
    description: "Tooltip text, shown in the region's SVG `<title>` after its name and value.",
  }),
})
  .typeError('${path} must be an object with id and value')
  .noUnknown('${path} has a field that is not one of id, value, color, pattern, annotation: ${unknown}')
  .meta({ description: "One region's data.", component: 'RegionItem' });

export const patternItem = object({
  id: regionId.meta({ description: REGION_ID }),
  pattern: pattern.required().meta({ description: 'Fill pattern.' }),
}).meta({ description: "A region's pattern.", component: 'PatternItem' });

export const annotationItem = object({
  id: regionId.meta({ description: REGION_ID }),
  annotation: annotation.required().meta({ description: 'Tooltip text.' }),
}).meta({ description: "A region's tooltip.", component: 'AnnotationItem' });

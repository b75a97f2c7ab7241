// The schema of the fields that say how a map words what it shows (the language of its names and numbers, the
// style of its numbers, its description and its source line), for schema.ts.
import { LIMITS, languageTag, numberSpecifier, plainText } from './schema-parts.ts';

export const locale = languageTag('locale')
  .default('en')
  .meta({
    description:
      'BCP 47 language tag (`de`, `de-DE`, `fr-CA`): region names in tooltips, labels, the title and the description in that ' +
      'language (countries from i18n-iso-countries; subdivisions from Unicode CLDR, Natural Earth and ISO 3166-2; English ' +
      "where they have none), and numbers with its separators (d3-format's locale, else ICU's). A language without names is " +
      'no error: names stay English.',
    example: 'de-DE',
  });

export const numberFormat = numberSpecifier('numberFormat').meta({
  description:
    "A d3-format specifier for the values in the legend, tooltips, labels, size key and description, written with `locale`'s " +
    'separators: `,.1f` one decimal, `.0%` percent of 1, `$,.2s` currency with SI prefix. Default: the shortest readable form ' +
    '(thousands grouped, at most two decimals, four significant digits below one).',
  example: ',.1f',
});

export const valueSuffix = plainText('valueSuffix', LIMITS.valueSuffix).meta({
  description:
    'Text written right after every data value (legend, tooltips, labels, size key, description) when `numberFormat` is not ' +
    "given: `%`, ` €`, ` t`. Default: none, or `%` when a CSV body's value column is written as percentages (`12.5%`).",
  example: '%',
});

export const alt = plainText('alt', LIMITS.alt).meta({
  description:
    "Text that replaces the automatic description of the map: the SVG's `<desc>`, the PNG's Description text chunk, and " +
    "`/render/spec`'s `description`.",
  example: 'Unemployment by county, highest in the east',
});

export const source = plainText('source', LIMITS.source).meta({
  description:
    "The data's source, printed as given at the left of the footer, before the credit; shortened with an ellipsis when the line is too narrow.",
  example: 'Source: Eurostat 2025',
});

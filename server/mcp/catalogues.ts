// What the service accepts, for describe_options and the resources: the same lists the request schema validates
// against (enums.ts) and the field descriptions the OpenAPI document and /docs show, so that a model reads the
// values the service takes, not a copy that falls behind.
import { MARKER_ICONS, PATTERNS, PROJECTIONS, THEMES } from '../../shared/lists.ts';
import { FIELD_NAMES, fieldMeta } from '../request/schema.ts';
import type { MapService } from './map-service.ts';
import type { DescribeKind } from './tool-schemas.ts';

const described = (field: string) => fieldMeta(field).description as string;

/** The GET query grammar: each parameter a URL may carry, what it means and how it is written. */
function grammar() {
  return {
    rules: [
      'A map is a URL: /map.svg (or .png, .pdf, .jpeg, .webp) with the parameters below; only scope is required.',
      'create_map and add_layers write the URL from structured arguments: never write data, markers or routes by hand.',
      'Region data holds numbers (a choropleth) or texts (categories), never both in one map.',
      'Unknown region ids are left off the map and listed in the warnings; list_regions gives the ids of a scope.',
    ],
    parameters: FIELD_NAMES.filter((name) => !fieldMeta(name).jsonOnly).map((name) => {
      const { query, queryAlias, example } = fieldMeta(name);
      return {
        name,
        description: described(name),
        ...(query ? { written: query.description, example: query.example } : example !== undefined ? { example } : {}),
        ...(queryAlias ? { alias: { name: queryAlias.name, written: queryAlias.description } } : {}),
      };
    }),
  };
}

/** The list of `kind`, as JSON. */
export async function catalogue(kind: DescribeKind, service: MapService): Promise<unknown> {
  switch (kind) {
    case 'scopes':
      return { description: described('scope'), scopes: await service.scopes() };
    case 'themes':
      return { description: described('theme'), themes: THEMES };
    case 'icons':
      return { description: 'Marker icons (`icon`); a `sidc` draws a military symbol instead.', icons: MARKER_ICONS };
    case 'projections':
      return { description: described('projection'), projections: PROJECTIONS };
    case 'patterns':
      return { description: described('patterns'), patterns: PATTERNS };
    case 'grammar':
      return grammar();
  }
}

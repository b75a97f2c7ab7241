// GET /places in the OpenAPI document: its parameters from place-query.ts, the schema of a place.
import { ref, type JsonSchema } from '../request/field-meta.ts';
import { PLACE_PARAMETERS } from '../places/place-query.ts';
import { PLACE_KINDS } from '../places/place-sources.ts';
import { errorResponseRef } from './error-responses.ts';

const nullableText = (description: string): JsonSchema => ({ type: ['string', 'null'], description });

export const PLACE_SCHEMAS: Record<string, JsonSchema> = {
  Place: {
    type: 'object',
    required: ['name', 'kind', 'id', 'lat', 'lon', 'country', 'countryId', 'region', 'regionId'],
    properties: {
      name: { type: 'string', description: 'The name in English, or as its source writes it.' },
      kind: { type: 'string', enum: [...PLACE_KINDS] },
      id: {
        type: 'string',
        description:
          "A country's or region's id (as the scopes use it), a city's GeoNames id, an airport's ICAO code (OurAirports' ident where it has none), a port's UN/LOCODE.",
      },
      lat: { type: 'number', description: 'Latitude; for a country or region, its visual centre.' },
      lon: { type: 'number', description: 'Longitude.' },
      country: nullableText("The country's name."),
      countryId: nullableText('ISO 3166-1 alpha-2.'),
      region: nullableText('The region of the country it is in, where its source says (not for cities).'),
      regionId: nullableText("The id of that region in the country's scope (`GET /scopes/{country}`)."),
    },
  },
};

export function placePaths(): Record<string, JsonSchema> {
  return {
    '/places': {
      get: {
        tags: ['Scopes'],
        operationId: 'findPlaces',
        summary: 'Find countries, regions, cities, airports and sea ports by name or code',
        description:
          'Served offline from the data of registry packages (GeoNames cities of 1,000 people or more, OurAirports, the World Port Index via sea-ports; docs/places.md). ' +
          'Best match first: the whole name, then a name starting with the query, then a word of a name starting with it; equal matches by population (countries first, then large cities, regions, airports and ports). ' +
          'Case and accents are ignored. Marker positions and route ends in a map request take the same names (`markers=Bucharest`, `routes=Shanghai>Rotterdam:sea`). ' +
          'Open under every ACCESS mode.',
        parameters: Object.entries(PLACE_PARAMETERS).map(([name, p]) => ({ name, in: 'query', ...p })),
        responses: {
          200: {
            description: 'The places, best match first; empty when none matches.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['places'],
                  properties: { places: { type: 'array', items: ref('Place') } },
                },
              },
            },
          },
          ...Object.fromEntries([400, 405, 429, 500, 503].map((status) => [String(status), errorResponseRef(status)])),
        },
      },
    },
  };
}

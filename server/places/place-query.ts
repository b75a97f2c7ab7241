// GET /places' query: its parameters described once, for reading a request (400 invalid_field naming the field
// and what it takes) and for the OpenAPI document (server/openapi/place-paths.ts).
import type { Catalogue } from '../../topology/catalogue.ts';
import { ApiError } from '../errors.ts';
import { PLACE_KINDS, type PlaceKind } from './place-sources.ts';

const PLACE_LIMIT = { default: 10, max: 50 };

export const PLACE_PARAMETERS = {
  q: {
    required: true,
    schema: { type: 'string', minLength: 1 },
    description:
      "What to look for: a name (any case, with or without accents, or one of a city's other names: `München`, `Wien`, `Bombay`), an airport's IATA or ICAO code (`OTP`, `LROP`), a port's UN/LOCODE. `Paris, US` or `Paris, United States` narrows to a country: the text after the last comma, when it is a country; `Paris, Texas`, `Paris, TX` or `Paris, Texas, US` to a region of a country.",
    example: 'Paris, US',
  },
  kind: {
    required: false,
    schema: { type: 'string', enum: [...PLACE_KINDS] },
    description: 'Only places of this kind.',
    example: 'city',
  },
  country: {
    required: false,
    schema: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    description: 'Only places in this country: an ISO 3166-1 alpha-2 code, any case.',
    example: 'FR',
  },
  limit: {
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: PLACE_LIMIT.max, default: PLACE_LIMIT.default },
    description: `How many places at most (${PLACE_LIMIT.default} by default, at most ${PLACE_LIMIT.max}).`,
    example: 5,
  },
} as const;

/** Parameters every endpoint lets through: signed URLs' and the hosted service's tools' (DECISIONS §12). */
const IGNORED = new Set(['k', 't', 'src']);

export interface PlaceQuery {
  q: string;
  kind?: PlaceKind;
  country?: string;
  limit: number;
}

const one = (query: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = query[name];
  if (Array.isArray(value))
    throw new ApiError('invalid_field', `${name} is given ${value.length} times; give it once`, name);
  return value;
};

export function readPlaceQuery(query: Record<string, string | string[] | undefined>, catalogue: Catalogue): PlaceQuery {
  for (const name of Object.keys(query)) {
    if (!(name in PLACE_PARAMETERS) && !IGNORED.has(name))
      throw new ApiError(
        'invalid_field',
        `${name} is not a parameter of /places; they are q, kind, country and limit`,
        name,
      );
  }
  const q = one(query, 'q')?.trim();
  if (!q) throw new ApiError('invalid_field', 'q is required: the name or code of a place, e.g. q=Paris', 'q');
  const kind = one(query, 'kind')?.trim().toLowerCase();
  if (kind !== undefined && !PLACE_KINDS.includes(kind as PlaceKind))
    throw new ApiError('invalid_field', `kind "${kind}" is not one of ${PLACE_KINDS.join(', ')}`, 'kind');
  const country = one(query, 'country')?.trim().toUpperCase();
  if (country !== undefined && !(/^[A-Z]{2}$/.test(country) && catalogue.resolveId('world', country) === country))
    throw new ApiError(
      'invalid_field',
      `country "${country}" is not an ISO 3166-1 alpha-2 code (e.g. FR, US)`,
      'country',
    );
  const limitText = one(query, 'limit')?.trim();
  const limit = limitText === undefined ? PLACE_LIMIT.default : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > PLACE_LIMIT.max)
    throw new ApiError(
      'invalid_field',
      `limit "${limitText}" is not a whole number from 1 to ${PLACE_LIMIT.max}`,
      'limit',
    );
  return { q, limit, ...(kind ? { kind: kind as PlaceKind } : {}), ...(country ? { country } : {}) };
}

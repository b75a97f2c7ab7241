// The scope of a request: required, and when unknown, a 404 that names the closest scopes.
import type { Catalogue, ScopeCatalogue } from '../../topology/catalogue.ts';
import { ApiError } from '../errors.ts';

const WHAT_SCOPES_ARE =
  "world, a country's ISO 3166-1 alpha-2 code (DE, US, FR, ...), a group (EU, NATO, G20, africa, ...) " +
  'or custom with your own geometry; GET /scopes lists them all';

/** 404 invalid_scope for `raw`, suggesting the scopes closest to it (`Germany` → DE). */
export function unknownScope(raw: string, catalogue: Catalogue): ApiError {
  const closest = catalogue.suggestScopes(raw);
  const hint = closest.length ? `did you mean ${closest.join(' or ')}? ` : '';
  return new ApiError('invalid_scope', `scope "${raw}" is not known; ${hint}scopes are ${WHAT_SCOPES_ARE}`, 'scope');
}

export function requireScope(input: Record<string, unknown>, catalogue: Catalogue): ScopeCatalogue {
  const { scope } = input;
  if (scope === undefined || scope === null || scope === '') {
    throw new ApiError('missing_scope', `scope is required: ${WHAT_SCOPES_ARE}`, 'scope');
  }
  const found = typeof scope === 'string' ? catalogue.scope(scope.trim()) : undefined;
  if (!found) throw unknownScope(String(scope), catalogue);
  return found;
}

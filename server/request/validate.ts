// Validation against the request schema: the first problem becomes an ApiError with the code of what is at
// fault (a list too long, a region item, a theme, any other field) and the field named.
import { ValidationError } from 'yup';
import { ApiError, type ErrorCode } from '../errors.ts';
import { requestSchema, type ValidRequest } from './schema.ts';
import { plainLists } from './plain-lists.ts';

function codeFor(path: string, type: string | undefined): ErrorCode {
  if (path === 'theme') return 'invalid_theme';
  if (path === 'projection') return 'invalid_projection';
  const list = /^(regions|patterns|annotations|proportional|markers|routes)(?=\[|$)/.exec(path);
  if (list && path === list[1] && type === 'max') return 'too_many_items';
  if (list) return ['markers', 'routes'].includes(list[1]) ? 'invalid_field' : 'invalid_data';
  return 'invalid_field';
}

/** Casts and checks `input`, filling the defaults; the first problem becomes an ApiError naming its field. */
export function validateRequest(input: Record<string, unknown>): ValidRequest {
  // yup would give plain lists back unchanged (the same arrays), so they skip it; a list that passes has no
  // error to name, so the first error of the rest is the one yup would have named first
  const plain = plainLists(input);
  const rest = plain.length ? { ...input, ...Object.fromEntries(plain.map((name) => [name, undefined])) } : input;
  try {
    const valid = requestSchema.validateSync(rest, { abortEarly: true, stripUnknown: false });
    return Object.assign(valid, Object.fromEntries(plain.map((name) => [name, input[name]])));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const path = error.path ?? '';
    throw new ApiError(codeFor(path, error.type), error.errors[0] ?? `${path} is not valid`, path || undefined);
  }
}

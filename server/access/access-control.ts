// Who may render (DECISIONS §12, ACCESS): `open` lets anyone, as before keys; `watermark` draws the logo on every
// map asked for without a valid key or signed URL, as the hosted service does for anonymous use; `keys` refuses
// such requests, 401 without credentials and 403 with bad, expired or revoked ones (an <img> gets a picture of
// it, http/error-images.ts). Credentials are `Authorization: Bearer <key>`, or a signed URL's `k` and `t`.
//
// In every mode `k`, `t` and `src` (a traffic tag the hosted service's tools add) are taken out of the query string
// before anything reads it: they are no part of the request, its ETag or its cache entry.
import type { Context, Middleware } from 'koa';
import { ApiError } from '../errors.ts';
import { checkKey, checkSignedQuery, type KeyCheck, type KeyClaims, type KeyRefusal } from './key-tokens.ts';
import type { RevokedKeys } from './revoked-keys.ts';
import { servedByKeyedRoute, type AccessRouter } from './route-access.ts';

export const ACCESS_MODES = ['open', 'watermark', 'keys'] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];

export interface AccessOptions {
  mode: AccessMode;
  /** KEY_PREFIX: what every key begins with */
  prefix: string;
  /** KEY_SECRETS: the first signs new keys, each verifies */
  secrets: readonly string[];
  revoked: RevokedKeys;
}

/** What the routes learn of a request's credentials (ctx.state.access). */
export interface AccessState {
  /** the valid key's claims, when there is one */
  key: KeyClaims | null;
  /** draw the logo whatever the request says (ACCESS=watermark without a valid key) */
  watermark: boolean;
}

const OUT_OF_THE_REQUEST = new Set(['k', 't', 'src']);

const nameOf = (pair: string) => {
  const equals = pair.indexOf('=');
  return equals === -1 ? pair : pair.slice(0, equals);
};

/** The raw query's pairs named `name` (values not decoded: base64url needs none). */
function valueOf(pairs: string[], name: string): string | undefined {
  const pair = pairs.find((p) => nameOf(p) === name);
  return pair === undefined ? undefined : pair.slice(name.length + 1);
}

type Credentials = { kind: 'none' } | { kind: 'incomplete' } | { kind: 'given'; check: KeyCheck };

function credentialsOf(ctx: Context, raw: string, pairs: string[], options: AccessOptions): Credentials {
  const now = Math.floor(Date.now() / 1000);
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('Authorization'));
  if (bearer) return { kind: 'given', check: checkKey(bearer[1]!, options.secrets, options.prefix, now) };
  const [payload, token] = [valueOf(pairs, 'k'), valueOf(pairs, 't')];
  if (payload === undefined && token === undefined) return { kind: 'none' };
  if (!payload || !token) return { kind: 'incomplete' };
  return { kind: 'given', check: checkSignedQuery(raw, payload, token, options.secrets, now) };
}

function refusalMessage(refusal: KeyRefusal, bearer: boolean): string {
  if (refusal === 'malformed') return bearer ? 'the key is malformed' : "the signed URL's k is malformed";
  if (refusal === 'expired') return 'the key has expired';
  if (refusal === 'revoked') return 'the key has been revoked';
  return bearer
    ? 'the key is not one of this service'
    : 'the signed URL does not match its query (sign the URL as it is sent), or its key is not one of this service';
}

/** `routes`: the app's routers, which say which routes need credentials (route-access.ts). */
export function accessControl(options: AccessOptions, routes: readonly AccessRouter[]): Middleware {
  const keyed = (ctx: Context) => servedByKeyedRoute(routes, ctx.path, ctx.method);
  return async (ctx, next) => {
    const raw = ctx.querystring;
    const pairs = raw.split('&');
    if (pairs.some((pair) => OUT_OF_THE_REQUEST.has(nameOf(pair))))
      ctx.querystring = pairs.filter((pair) => !OUT_OF_THE_REQUEST.has(nameOf(pair))).join('&');
    const state: AccessState = { key: null, watermark: false };
    ctx.state.access = state;
    if (options.mode === 'open') return next();

    const credentials = credentialsOf(ctx, raw, pairs, options);
    let check = credentials.kind === 'given' ? credentials.check : null;
    if (check?.ok && options.revoked.has(check.claims.id)) check = { ok: false, refusal: 'revoked' };
    if (check?.ok) state.key = check.claims;
    if (options.mode === 'watermark') {
      state.watermark = !check?.ok;
      // RFC 7235 lets an answer other than a 401 say that credentials would change it, and RFC 6750 why a key was not
      // taken: the preview page learns from it to offer its key field
      if (state.watermark && keyed(ctx))
        ctx.set(
          'WWW-Authenticate',
          check && !check.ok
            ? `Bearer error="invalid_token", error_description="${refusalMessage(check.refusal, ctx.get('Authorization') !== '')}"`
            : 'Bearer',
        );
      return next();
    }
    if (!keyed(ctx)) return next();
    if (!check) {
      const what =
        credentials.kind === 'incomplete' ? 'a signed URL needs both k and t' : 'this service draws maps for its keys';
      throw new ApiError(
        'unauthorized',
        `${what}: send Authorization: Bearer <key>, or a URL signed with one (k and t)`,
        undefined,
        { 'WWW-Authenticate': 'Bearer' },
      );
    }
    if (check.ok) return next();
    throw new ApiError('forbidden', refusalMessage(check.refusal, ctx.get('Authorization') !== ''));
  };
}

/** The fields a request's access sets whatever it says: the logo under ACCESS=watermark without a valid key. */
export function imposedFields(ctx: Context): Record<string, unknown> | undefined {
  return (ctx.state.access as AccessState | undefined)?.watermark ? { logo: true } : undefined;
}

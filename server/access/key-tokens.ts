// API keys and signed GET URLs as the hosted service with our interface makes them (DECISIONS §12), so that a
// key minted here signs URLs its tools verify, and a URL its tools sign (its assistant server's `sign.ts`)
// verifies here:
//
//   key   = <prefix><payload>.<signature>
//           payload   = base64url(JSON {"k": key id, "u": owner, "e": expiry in Unix seconds})
//           signature = base64url(HMAC-SHA256(secret, payload text))
//   URL   = …?<query>&k=<payload>&t=<token>
//           token     = base64url(HMAC-SHA256(signature text, canonical query))
//
// The canonical query is every pair of the raw query except `k` and `t`, sorted, joined with `&`, never decoded:
// the bytes as sent are the one form both sides hold. A URL's token entitles that one map and cannot be turned back
// into the key. Every comparison of a signature runs in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
// the one function the preview page's signer shares, so that what it signs is what is verified here
import { canonicalQuery } from '../../renderer-page/preview/canonical-query.ts';

export interface KeyClaims {
  /** the key's id, which revocation names */
  id: string;
  owner: string;
  /** Unix seconds */
  expires: number;
}

/** Why credentials were refused, for the 403's message: none of them says which secret or which byte. */
export type KeyRefusal = 'malformed' | 'bad signature' | 'expired' | 'revoked';

export type KeyCheck = { ok: true; claims: KeyClaims } | { ok: false; refusal: KeyRefusal };

const base64url = (bytes: Buffer) => bytes.toString('base64url');
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest();

/** Whether `given` (base64url text) is the MAC `expected`, compared in constant time. */
function sameMac(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given, 'base64url');
  // a different length says only that it is wrong, which the attacker knows already
  return bytes.length === expected.length && base64url(bytes) === given && timingSafeEqual(bytes, expected);
}

/** The payload's claims, or null when it is no base64url JSON of the three. */
function claimsOf(payload: string): KeyClaims | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { k, u, e } = parsed as Record<string, unknown>;
  if (typeof k !== 'string' || k === '' || typeof u !== 'string' || typeof e !== 'number' || !Number.isFinite(e))
    return null;
  return { id: k, owner: u, expires: e };
}

/** The signature of `payload` under the secret that made it, or null when none of `secrets` did. */
function signatureOf(payload: string, given: string, secrets: readonly string[]): string | null {
  for (const secret of secrets) {
    const expected = hmac(secret, payload);
    if (sameMac(given, expected)) return base64url(expected);
  }
  return null;
}

/** A new key for `claims`, signed with `secret` (the first of KEY_SECRETS). */
export function mintKey(claims: KeyClaims, secret: string, prefix: string): string {
  const payload = base64url(Buffer.from(JSON.stringify({ k: claims.id, u: claims.owner, e: claims.expires })));
  return `${prefix}${payload}.${base64url(hmac(secret, payload))}`;
}

function checkClaims(payload: string, nowSeconds: number): KeyCheck {
  const claims = claimsOf(payload);
  if (!claims) return { ok: false, refusal: 'malformed' };
  if (claims.expires <= nowSeconds) return { ok: false, refusal: 'expired' };
  return { ok: true, claims };
}

/** A key as `Authorization: Bearer` sends it. Revocation is the caller's (revoked-keys.ts). */
export function checkKey(key: string, secrets: readonly string[], prefix: string, nowSeconds: number): KeyCheck {
  if (!key.startsWith(prefix)) return { ok: false, refusal: 'malformed' };
  const [payload = '', signature = '', ...rest] = key.slice(prefix.length).split('.');
  if (!payload || !signature || rest.length) return { ok: false, refusal: 'malformed' };
  if (signatureOf(payload, signature, secrets) === null) return { ok: false, refusal: 'bad signature' };
  return checkClaims(payload, nowSeconds);
}

/** A signed URL's `k` (the key's payload) and `t` over its raw query string. */
export function checkSignedQuery(
  rawQuery: string,
  payload: string,
  token: string,
  secrets: readonly string[],
  nowSeconds: number,
): KeyCheck {
  const canonical = canonicalQuery(rawQuery);
  // the URL carries no signature: the key's is made again from the payload under each secret, and tried
  for (const secret of secrets) {
    if (sameMac(token, hmac(base64url(hmac(secret, payload)), canonical))) return checkClaims(payload, nowSeconds);
  }
  return { ok: false, refusal: 'bad signature' };
}

/** `url` signed with `key`, as the hosted service's tools sign it: `k` and `t` appended as text, the query's bytes
 *  left as they are. For the tests and scripts in Node; the preview page signs in the browser, over the same canonical
 *  query (renderer-page/preview/access-key.ts). */
export function signUrl(url: string, key: string, prefix: string): string {
  const [payload = '', signature = ''] = key.slice(prefix.length).split('.');
  const mark = url.indexOf('?');
  const token = base64url(hmac(signature, canonicalQuery(mark === -1 ? '' : url.slice(mark + 1))));
  return `${url}${mark === -1 ? '?' : '&'}k=${payload}&t=${token}`;
}

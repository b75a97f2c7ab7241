// The key the preview page renders with when the service asks for one (ACCESS=keys; under ACCESS=watermark, to draw
// without the logo): sent as `Authorization: Bearer` with the page's own requests, and used to sign the GET URLs the
// page offers and loads (DECISIONS §12), since a link, an <img> or an e-mail cannot carry a header and a key must
// never be written into a URL. It is kept in sessionStorage (this tab), or in localStorage when the user asks the
// page to remember it on this device. The storage is the one place the key is held, so every reader sees the same.
import { canonicalQuery } from './canonical-query.ts';

const STORAGE_NAME = 'map-preview-key';

export interface HeldKey {
  text: string;
  remembered: boolean;
}

/** What a key says of itself: its payload's claims (DECISIONS §12), for the page to show whose key it holds. */
export interface KeyClaims {
  payload: string;
  signature: string;
  owner: string;
  /** Unix seconds */
  expires: number;
}

/** localStorage and sessionStorage by what this module uses of them: the Node program, which type-checks the
 *  tests and the api.ts types they import, has no DOM. */
interface KeyStore {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

/** Storage the browser refuses (a blocked one's, by its settings) holds nothing. */
function storage(remembered: boolean): KeyStore | null {
  const stores = globalThis as { localStorage?: KeyStore; sessionStorage?: KeyStore };
  try {
    return (remembered ? stores.localStorage : stores.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

export function heldKey(): HeldKey | null {
  for (const remembered of [false, true]) {
    const text = storage(remembered)?.getItem(STORAGE_NAME);
    if (text) return { text, remembered };
  }
  return null;
}

/** Keeps `text` in the one storage asked for, and takes it out of the other. */
export function holdKey(text: string, remember: boolean): void {
  storage(!remember)?.removeItem(STORAGE_NAME);
  storage(remember)?.setItem(STORAGE_NAME, text);
}

export function forgetKey(): void {
  for (const remembered of [false, true]) storage(remembered)?.removeItem(STORAGE_NAME);
}

/** The headers of a request made with the key held (none without one). */
export function keyHeaders(): Record<string, string> {
  const key = heldKey();
  return key ? { authorization: `Bearer ${key.text}` } : {};
}

const fromBase64url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The claims of `<prefix><payload>.<signature>`, or null when `text` is no key's shape. The page does not know the
 *  operator's KEY_PREFIX, and base64url has `_` as `mr_live_` has: the payload is where base64url JSON of the three
 *  claims begins. */
export function claimsOf(text: string): KeyClaims | null {
  const dot = text.lastIndexOf('.');
  const signature = text.slice(dot + 1);
  if (dot < 1 || !/^[\w-]+$/.test(signature)) return null;
  for (let start = 0; start < dot; start++) {
    const payload = text.slice(start, dot);
    if (!/^[\w-]+$/.test(payload)) continue;
    try {
      const claims: unknown = JSON.parse(fromBase64url(payload));
      const { k, u, e } = (claims ?? {}) as Record<string, unknown>;
      if (typeof k === 'string' && typeof u === 'string' && typeof e === 'number')
        return { payload, signature, owner: u, expires: e };
    } catch {
      // not the payload's start: try one character further
    }
  }
  return null;
}

/** Whether this page can sign: WebCrypto is there only in a secure context (HTTPS, or localhost). */
export const canSign = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined;

/** Every character a browser (or another client) would percent-encode in a query, encoded before signing, so that
 *  the bytes signed are the bytes sent (DECISIONS §12). `'` is one for http URLs, though encodeURIComponent
 *  keeps it. */
const sendable = (query: string) =>
  query.replace(/[^!-~]|["'<>`{|}\\^]/gu, (c) => (c === "'" ? '%27' : encodeURIComponent(c)));

/** `path` (`/map.svg?…`) signed with `key`: `k=<payload>&t=<token>` appended, the token an HMAC-SHA256 keyed with
 *  the key's signature text over the canonical query, as the service verifies it (server/access/key-tokens.ts).
 *  A `k` or `t` already in the query (a signed URL pasted in the editor) is replaced. */
async function signPath(path: string, key: KeyClaims): Promise<string> {
  const mark = path.indexOf('?');
  const query = sendable(mark === -1 ? '' : path.slice(mark + 1));
  const kept = query.split('&').filter((pair) => pair !== '' && !/^[kt](=|$)/.test(pair));
  const encoder = new TextEncoder();
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key.signature),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(canonicalQuery(kept.join('&'))));
  const base = mark === -1 ? path : path.slice(0, mark);
  return `${base}?${[...kept, `k=${key.payload}`, `t=${base64url(new Uint8Array(mac))}`].join('&')}`;
}

/** `path` signed with the key held, or as it is without one (or where the page cannot sign). */
export async function signedWithHeldKey(path: string): Promise<string> {
  const held = heldKey();
  const claims = held && claimsOf(held.text);
  return claims && canSign() ? signPath(path, claims) : path;
}

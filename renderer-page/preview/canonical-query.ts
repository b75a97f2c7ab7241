// The bytes a signed GET URL's token signs (DECISIONS §12), in one place for both sides: the service verifies
// with it (server/access/key-tokens.ts, node:crypto) and the preview page signs its links with it (access-key.ts,
// WebCrypto), so the two cannot drift apart. Plain text work, no imports: it runs in the browser and in Node.

const nameOf = (pair: string) => {
  const equals = pair.indexOf('=');
  return equals === -1 ? pair : pair.slice(0, equals);
};

/** The raw query's pairs but `k` and `t`, sorted (JavaScript's default order), joined with `&`, never decoded; a
 *  bare name is a pair, empty pairs are dropped. */
export function canonicalQuery(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter((pair) => pair !== '' && nameOf(pair) !== 'k' && nameOf(pair) !== 't')
    .sort()
    .join('&');
}

// The X-Geo-Warnings header: `unknown-ids:A,B; unknown-routes:X>Y`, each part only when it has entries.

export const MAX_WARNING_ENTRIES = 50;

/** Ids are the user's own spelling: anything outside printable ASCII, and the header's own separators,
 *  is percent-encoded so the header stays valid and parseable. */
function headerSafe(text: string): string {
  return (
    text
      // a lone surrogate (JSON can spell one, `"\ud800"`) has no UTF-8 to percent-encode: it is written as U+FFFD,
      // as a GET's malformed percent-encoding is
      .replace(/\p{Surrogate}/gu, '\ufffd')
      .replace(/[^\x21-\x7e]|[%,;:]/gu, (c) => encodeURIComponent(c))
  );
}

export function geoWarnings(parts: { unknownIds: string[]; unknownRoutes: string[] }): string | undefined {
  const out: string[] = [];
  if (parts.unknownIds.length)
    out.push(`unknown-ids:${parts.unknownIds.slice(0, MAX_WARNING_ENTRIES).map(headerSafe).join(',')}`);
  if (parts.unknownRoutes.length)
    out.push(`unknown-routes:${parts.unknownRoutes.slice(0, MAX_WARNING_ENTRIES).map(headerSafe).join(',')}`);
  return out.length ? out.join('; ') : undefined;
}

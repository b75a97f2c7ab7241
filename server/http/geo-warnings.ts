// The X-Geo-Warnings header: `skipped-lines:1-4,250-253; unknown-ids:A,B; unknown-routes:X>Y;
// unknown-places:Atlantis; hidden-labels:Paris; not-drawn:PF`, each part only when it has entries. `skipped-lines` names the lines of a table body above and
// below the table that were not read (a title, "Last Updated Date", footnotes). `not-drawn` names regions with data
// the map could not show (their place outside the frame, as a bbox can leave them): known only once drawn, so a 304
// does not repeat it.

export const MAX_WARNING_ENTRIES = 50;
/** The header's bound in bytes. Proxies hold a response's headers in one buffer, nginx's 4 or 8 KiB by default, and
 *  answer 502 for more: 60 ids of 20 KB once made a header of a megabyte. Entries past it are left out; POST
 *  /render/spec lists every one. */
export const MAX_WARNINGS_BYTES = 2048;

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

export function geoWarnings(parts: {
  unknownIds: string[];
  unknownRoutes: string[];
  /** markers' place names that name no place (request/place-names.ts) */
  unknownPlaces?: string[];
  hiddenLabels: string[];
  notDrawn: string[];
  skippedLines?: string[];
}): string | undefined {
  const written: string[] = [];
  let bytes = 0;
  for (const [name, entries] of [
    // first: two ranges at most, which a long list of unknown ids would otherwise push out of the header
    ['skipped-lines', parts.skippedLines ?? []],
    ['unknown-ids', parts.unknownIds],
    ['unknown-routes', parts.unknownRoutes],
    ['unknown-places', parts.unknownPlaces ?? []],
    ['hidden-labels', parts.hiddenLabels],
    ['not-drawn', parts.notDrawn],
  ] as const) {
    const kept: string[] = [];
    // `; ` before a part but the first, `name:` before its first entry; the header is ASCII (headerSafe), so a
    // length is a size in bytes
    let size = (written.length ? 2 : 0) + name.length + 1;
    for (const entry of entries.slice(0, MAX_WARNING_ENTRIES)) {
      const safe = headerSafe(entry);
      const more = safe.length + (kept.length ? 1 : 0);
      if (bytes + size + more > MAX_WARNINGS_BYTES) break;
      kept.push(safe);
      size += more;
    }
    if (kept.length) {
      written.push(`${name}:${kept.join(',')}`);
      bytes += size;
    }
  }
  return written.length ? written.join('; ') : undefined;
}

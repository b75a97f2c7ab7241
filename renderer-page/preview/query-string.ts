// The query editor's text, edited one parameter at a time without re-encoding the rest, so what the user
// typed (`data=US:200,CN:150`) stays as typed instead of turning into `US%3A200%2CCN%3A150`.

/** The query string in `text`: a whole map URL (`http://…/map.svg?…`) or `?…` may be pasted too. A map
 *  URL has no use for a fragment, so a `#` typed in it is a colour (`RO:1:#ff0000`) and is encoded. */
export function queryOf(text: string): string {
  const trimmed = text.trim();
  const mark = trimmed.indexOf('?');
  const query = mark >= 0 ? trimmed.slice(mark + 1) : trimmed;
  return query.replace(/\s*\n\s*/g, '').replace(/#/g, '%23');
}

const keyOf = (segment: string) => {
  const raw = segment.split('=', 1)[0];
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/** The value of `key`, or null when absent. */
export function getParam(query: string, key: string): string | null {
  try {
    return new URLSearchParams(query).get(key);
  } catch {
    return null;
  }
}

/** `query` with `key` set to `value` (in place of its first occurrence), or removed when `value` is null. */
export function setParam(query: string, key: string, value: string | null): string {
  const segments = query.split('&').filter((s) => s !== '');
  const encoded = value === null ? null : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  const out: string[] = [];
  let placed = false;
  for (const segment of segments) {
    if (keyOf(segment) !== key) out.push(segment);
    else if (encoded !== null && !placed) {
      out.push(encoded);
      placed = true;
    }
  }
  if (encoded !== null && !placed) out.push(encoded);
  return out.join('&');
}

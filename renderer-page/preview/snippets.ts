// The ready-to-copy forms of a request: its GET URL, an <img> tag, a curl command. Plain strings; the
// page puts them into the DOM as text. With a key held, the GET URLs are signed with it and a POST's curl sends it
// from the shell's $MAP_KEY: the key itself is never written into what the page offers to copy.
import { heldKey, signedWithHeldKey } from './access-key.ts';
import type { Described, PreviewRequest } from './api.ts';
import { setParam } from './query-string.ts';

export interface Snippets {
  /** absolute GET URL drawing this map, or null when only POST can */
  getUrl: string | null;
  imgTag: string | null;
  curl: string;
  /** GET download links; null for a POST body, whose downloads go through POST /render/map */
  links: { png: string; svg: string } | null;
}

/** One shell word in single quotes. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function snippetsFor(request: PreviewRequest, described: Described, origin: string): Promise<Snippets> {
  const { spec } = described;
  const query = request.kind === 'query' ? setParam(request.query, 'format', null) : null;
  // the service's canonical GET form; a query typed here is a GET URL itself even when that form is not offered
  const path = described.get ?? (request.kind === 'query' ? `/map.${spec.format}?${request.query}` : null);
  const getUrl = path === null ? null : origin + (await signedWithHeldKey(path));
  // the map's own words, so the page it is embedded in is accessible as it stands
  const imgTag = getUrl === null ? null : `<img src="${attribute(getUrl)}" alt="${attribute(described.description)}">`;
  const output = `curl -o map.${spec.format}${request.kind !== 'query' && heldKey() ? ' -H "Authorization: Bearer $MAP_KEY"' : ''}`;
  const curl =
    request.kind === 'query'
      ? `${output} ${shellQuote(getUrl ?? '')}`
      : request.kind === 'json'
        ? `${output} -H 'content-type: application/json' -d ${shellQuote(compactJson(request.body))} ${origin}/render/map`
        : // the table as a file beside the command: pasted into a shell line, its tabs and quotes would not survive
          `${output} -H 'content-type: text/csv' --data-binary @table.csv ${shellQuote(`${origin}/render/map?${request.query}`)}`;
  const links =
    query === null
      ? null
      : { png: await signedWithHeldKey(`/map.png?${query}`), svg: await signedWithHeldKey(`/map.svg?${query}`) };
  return { getUrl, imgTag, curl, links };
}

/** The body on one line (the service accepted it, so it parses). */
export function compactJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body));
  } catch {
    return body;
  }
}

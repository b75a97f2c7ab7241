// What a map tool answers (DECISIONS §13): the map as a 900 px PNG for the model to look at, and its links as
// `structuredContent` and as text: absolute, on PUBLIC_URL else the request's origin, signed (§12) when a key is
// configured; the preview page's link is never signed, since it is one to share and change.
import { signUrl } from '../access/key-tokens.ts';
import { warningsOf, type MapService, type Prepared } from './map-service.ts';

/** The preview's width: large enough to judge a map, small enough for a model's context. */
const PREVIEW_WIDTH = 900;

interface MapLinks {
  svg_url: string;
  png_url: string;
  editor_url: string;
  embed: string;
  warnings: string[];
  /** an index signature, as the SDK's structuredContent is typed */
  [name: string]: unknown;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The query drawing the same map at the preview's width, its height scaled alike when it is given. */
function previewQuery(query: string): string {
  const params = new URLSearchParams(query);
  const width = Number(params.get('width') ?? 1200);
  const height = params.get('height');
  params.set('width', String(PREVIEW_WIDTH));
  if (height && Number(height) > 0)
    params.set('height', String(Math.max(1, Math.round((Number(height) * PREVIEW_WIDTH) / width))));
  return params.toString();
}

export async function mapResult(service: MapService, prepared: Prepared, title: string | undefined) {
  const { base, key, prefix } = service.links;
  const query = prepared.get.slice(prepared.get.indexOf('?') + 1);
  const signed = (path: string) => (key ? signUrl(`${base}${path}`, key, prefix) : `${base}${path}`);
  const svgUrl = signed(`/map.svg?${query}`);
  const links: MapLinks = {
    svg_url: svgUrl,
    png_url: signed(`/map.png?${query}`),
    editor_url: `${base}/?${query}`,
    embed: `<img src="${escapeAttribute(svgUrl)}" alt="${escapeAttribute(title ?? 'Map')}">`,
    warnings: warningsOf(prepared),
  };
  const png = await service.png(previewQuery(query));
  return {
    structuredContent: links,
    content: [
      { type: 'image' as const, data: png.toString('base64'), mimeType: 'image/png' },
      { type: 'text' as const, text: JSON.stringify(links, null, 2) },
    ],
  };
}

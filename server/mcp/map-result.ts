// What a map tool answers (DECISIONS §13): the map as a 900 px PNG for the model to look at, and its links as
// `structuredContent` and as text: absolute, on PUBLIC_URL else the request's origin, signed (§12) when a key is
// configured; the preview page's link is never signed, since it is one to share and change. A map a URL cannot say
// (a category holding `,` or `:`, thousands of regions) is stored as POST /maps stores it, and its links are the
// stored map's permanent ones, open as every stored map's are (§12), with the preview page's link holding the
// request itself.
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

/** The preview's width and the height scaled alike, when the map has one (1200 px wide by default). */
function previewSize(width: unknown, height: unknown): { width: number; height?: number } {
  const [w, h] = [Number(width ?? 1200), Number(height)];
  return { width: PREVIEW_WIDTH, ...(h > 0 && { height: Math.max(1, Math.round((h * PREVIEW_WIDTH) / w)) }) };
}

/** The query drawing the same map at the preview's size. */
function previewQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(previewSize(params.get('width'), params.get('height'))))
    params.set(name, String(value));
  return params.toString();
}

export async function mapResult(
  service: MapService,
  request: Record<string, unknown>,
  prepared: Prepared,
  title: string | undefined,
) {
  const { base, key, prefix } = service.links;
  let links: Pick<MapLinks, 'svg_url' | 'png_url' | 'editor_url'>;
  let png: Promise<Buffer>;
  if (prepared.get !== null) {
    const query = prepared.get.slice(prepared.get.indexOf('?') + 1);
    const signed = (path: string) => (key ? signUrl(`${base}${path}`, key, prefix) : `${base}${path}`);
    links = {
      svg_url: signed(`/map.svg?${query}`),
      png_url: signed(`/map.png?${query}`),
      editor_url: `${base}/?${query}`,
    };
    png = service.png(previewQuery(query));
  } else {
    const id = await service.store(request);
    links = {
      svg_url: `${base}/maps/${id}.svg`,
      png_url: `${base}/maps/${id}.png`,
      editor_url: `${base}/#json=${encodeURIComponent(JSON.stringify(request))}`,
    };
    png = service.png({ ...request, ...previewSize(request.width, request.height) });
  }
  const answer: MapLinks = {
    ...links,
    embed: `<img src="${escapeAttribute(links.svg_url)}" alt="${escapeAttribute(title ?? 'Map')}">`,
    warnings: warningsOf(prepared),
  };
  return {
    structuredContent: answer,
    content: [
      { type: 'image' as const, data: (await png).toString('base64'), mimeType: 'image/png' },
      { type: 'text' as const, text: JSON.stringify(answer, null, 2) },
    ],
  };
}

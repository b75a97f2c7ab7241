// The files a renderer page may load, all from memory: the page, the bundle, the topologies and the fonts.
// Pages are served from an origin that cannot resolve, and every other request is refused.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RENDERER_ORIGIN = 'http://renderer.invalid';

export interface Asset {
  contentType: string;
  body: Buffer;
}

export interface RendererAssets {
  /** by URL path, e.g. `/renderer.js`, `/topology/world-low.json` */
  files: Map<string, Asset>;
  /** changes whenever the bundle, the page or a topology changes; part of every ETag */
  version: string;
}

const root = fileURLToPath(new URL('../../', import.meta.url));

function read(path: string, hint: string): Buffer {
  if (!existsSync(path)) throw new Error(`${path} is missing: ${hint}`);
  return readFileSync(path);
}

export function loadRendererAssets(): RendererAssets {
  const files = new Map<string, Asset>();
  const build = 'run `npm start` or `node server/prepare.mjs` to build it';
  files.set('/index.html', { contentType: 'text/html', body: read(join(root, 'renderer-page/page.html'), build) });
  files.set('/renderer.js', { contentType: 'text/javascript', body: read(join(root, 'renderer-page/dist/renderer.js'), build) });
  const topologyDir = join(root, 'topology/build');
  for (const name of readdirSync(topologyDir).filter((n) => n.endsWith('.json') && n !== 'catalogue.json').sort()) {
    files.set(`/topology/${name}`, { contentType: 'application/json', body: read(join(topologyDir, name), build) });
  }
  const fonts = dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json'));
  for (const weight of ['400', '700']) {
    files.set(`/fonts/${weight}.css`, { contentType: 'text/css', body: read(join(fonts, `${weight}.css`), 'npm install') });
  }
  for (const name of readdirSync(join(fonts, 'files')).filter((n) => /-(400|700)-normal\.woff2$/.test(n))) {
    files.set(`/fonts/files/${name}`, { contentType: 'font/woff2', body: read(join(fonts, 'files', name), 'npm install') });
  }
  const hash = createHash('sha1');
  for (const [path, asset] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(path).update(asset.body);
  return { files, version: hash.digest('hex').slice(0, 16) };
}

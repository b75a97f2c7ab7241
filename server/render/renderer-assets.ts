// The files a renderer page may load: the page, the bundle and the fonts from memory, the topologies from disk
// when first asked for. Pages are served from an origin that cannot resolve, and every other request is refused.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTopologyFile, topologyFileSize } from './renderer-origin.ts';

interface Asset {
  contentType: string;
  body: Buffer;
}

export interface RendererAssets {
  /** a file by URL path, e.g. `/renderer.js`, `/topology/DE-medium.json`; undefined when there is none */
  file(path: string): Asset | undefined;
  /** the bundle, the page and the fonts, which pages and threads load at start, by URL path */
  files: Map<string, Asset>;
  /** the folders of the topology files (the build's, and the operator's scopes'), read when a scope and level
   *  is first asked for */
  topologyDirs: string[];
  /** changes whenever the bundle, the page or a topology changes; part of every ETag */
  version: string;
  /** the size of a built topology, by name (`DE-high`), or 0 when there is none */
  topologyBytes(name: string): number;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const TOPOLOGY_DIR = join(root, 'topology/build');

function read(path: string, hint: string): Buffer {
  if (!existsSync(path)) throw new Error(`${path} is missing: ${hint}`);
  return readFileSync(path);
}

/** `operator`: the topology folder of the operator's scopes (SCOPES_DIR) and the version of their files. */
export function loadRendererAssets(operator?: { topologyDir: string; version: string }): RendererAssets {
  const files = new Map<string, Asset>();
  const build = 'run `npm start` or `node server/prepare.mjs` to build it';
  files.set('/index.html', { contentType: 'text/html', body: read(join(root, 'renderer-page/page.html'), build) });
  files.set('/renderer.js', {
    contentType: 'text/javascript',
    body: read(join(root, 'renderer-page/dist/renderer.js'), build),
  });
  const fonts = dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json'));
  for (const weight of ['400', '700']) {
    files.set(`/fonts/${weight}.css`, {
      contentType: 'text/css',
      body: read(join(fonts, `${weight}.css`), 'npm install'),
    });
  }
  for (const name of readdirSync(join(fonts, 'files')).filter((n) => /-(400|700)-normal\.woff2$/.test(n))) {
    files.set(`/fonts/files/${name}`, {
      contentType: 'font/woff2',
      body: read(join(fonts, 'files', name), 'npm install'),
    });
  }
  // the build's version stands for every topology file it wrote
  const { version: topology } = JSON.parse(read(join(TOPOLOGY_DIR, 'catalogue.json'), build).toString('utf8')) as {
    version: string;
  };
  const hash = createHash('sha1')
    .update(topology)
    .update(operator?.version ?? '');
  const topologyDirs = [TOPOLOGY_DIR, ...(operator ? [operator.topologyDir] : [])];
  for (const [path, asset] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(path).update(asset.body);
  return {
    files,
    topologyDirs,
    file(path) {
      const found = files.get(path);
      if (found) return found;
      const body = readTopologyFile(topologyDirs, path);
      return body ? { contentType: 'application/json', body } : undefined;
    },
    version: hash.digest('hex').slice(0, 16),
    // the build's files do not change while the service runs
    topologyBytes: memoised((name) => topologyFileSize(topologyDirs, `/topology/${name}.json`)),
  };
}

function memoised(read: (name: string) => number): (name: string) => number {
  const known = new Map<string, number>();
  return (name) => {
    let found = known.get(name);
    if (found === undefined) known.set(name, (found = read(name)));
    return found;
  };
}

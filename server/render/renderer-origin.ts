// The origin the renderer is served from, in pool pages and in SVG threads alike, and the built topology files it
// fetches there. A module of its own, apart from renderer-assets.ts (which finds the build from where its code
// lies): the SVG threads run this from their own bundle in server/dist (prepare.mjs) and are told the folders.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** An origin that cannot resolve: nothing the renderer asks for can reach the network. */
export const RENDERER_ORIGIN = 'http://renderer.invalid';

/** The names the build writes: `DE-medium.json`, `FR.regions-low.json`, `north-america-high.json`,
 *  `europe@de-facto-low.json` (a worldview's variant), `sea-network.json`, `names-de.json` (region names in a
 *  language); nothing else (no path, no dot but the division's) is read. */
const TOPOLOGY_FILE =
  /^\/topology\/([A-Za-z][A-Za-z0-9-]{0,40}(?:\.[a-z]+)?(?:@[a-z-]{1,20})?-(?:low|medium|high)|sea-network|names-[a-z]{2,3})\.json$/;

/** Where a built topology file of a URL path is, or undefined for any other path. */
function topologyFile(dirs: readonly string[], urlPath: string): string | undefined {
  const name = TOPOLOGY_FILE.exec(urlPath)?.[1];
  return name ? dirs.map((dir) => join(dir, `${name}.json`)).find((file) => existsSync(file)) : undefined;
}

/** A built topology file by URL path, read from disk (250 scopes' geometry is not kept in memory), or
 *  undefined for any other path. */
export function readTopologyFile(dirs: readonly string[], urlPath: string): Buffer | undefined {
  const path = topologyFile(dirs, urlPath);
  return path ? readFileSync(path) : undefined;
}

/** The size in bytes of a built topology file by URL path, or 0 when there is none. */
export function topologyFileSize(dirs: readonly string[], urlPath: string): number {
  const path = topologyFile(dirs, urlPath);
  return path ? statSync(path).size : 0;
}

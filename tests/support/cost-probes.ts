// Maps of costs from a few milliseconds to seconds, and what the service estimates each to cost
// (server/cost/estimate.ts): tests/render-cost-http.test.ts and `npm run bench` hold the estimates to renders.
import { loadCatalogue } from '../../topology/catalogue.ts';
import { normaliseRequest } from '../../server/request/normalise.ts';
import { parseQuery } from '../../server/request/get-grammar.ts';
import { FIELD_NAMES } from '../../server/request/schema.ts';
import { RenderCosts, catalogueFacts } from '../../server/cost/ceilings.ts';
import { loadRendererAssets } from '../../server/render/renderer-assets.ts';
import { EXTENSIONS } from '../../server/http/image-formats.ts';
import { readConfig } from '../../server/config.ts';

const seaRoutes = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `${['NO', 'JP', 'CL', 'ZA', 'AU'][i % 5]}>${['BR', 'IN', 'GB', 'US', 'EG'][(i * 3) % 5]}:sea`,
  ).join(';');

/** What a fresh service is asked first, so that the probes' times are the maps' and not the first request's
 *  (compiling the routes, the renderers' first maps after their warm-up): scopes none of them draws. */
export async function warmUp(url: string): Promise<void> {
  for (const format of ['svg', 'png']) await (await fetch(`${url}/map.${format}?scope=RO&level=medium`)).arrayBuffer();
}

/** GET paths of maps no renderer has drawn in a fresh service (each its own scope and level), cheapest first. */
export const COST_PROBES = [
  '/map.svg?scope=DE&level=low',
  '/map.png?scope=FR&level=high&width=2000',
  `/map.svg?scope=world&level=low&routes=${seaRoutes(60)}`,
  '/map.svg?scope=world&level=high',
  '/map.png?scope=US&level=high&data=06037:1&labels=ISO&width=2400',
  '/map.webp?scope=world&level=low&width=5000&height=2600',
  '/map.jpg?scope=G20&level=high&width=7000&height=5000',
];

let known: { catalogue: ReturnType<typeof loadCatalogue>; costs: RenderCosts } | undefined;

/** The estimate, in ms, of a GET path of /map.*, as the service's defaults work it out. */
export function estimatedMs(path: string): number {
  if (!known) {
    const catalogue = loadCatalogue();
    const assets = loadRendererAssets();
    const costs = new RenderCosts(readConfig({}), catalogueFacts(catalogue, assets));
    known = { catalogue, costs };
  }
  const { catalogue, costs } = known;
  const [, extension, query] = /^\/map\.(\w+)\?(.*)$/.exec(path)!;
  return costs.estimate(normaliseRequest(parseQuery(query!, FIELD_NAMES), catalogue, EXTENSIONS[extension!]).spec).ms;
}

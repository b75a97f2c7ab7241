import type { Catalogue } from '../topology/catalogue.ts';
import type { MapSpec } from '../renderer-page/spec.ts';
import type { RenderCache } from './cache/render-cache.ts';
import type { RenderOutput } from './render/render-page.ts';
import type { RendererAssets } from './render/renderer-assets.ts';

/** What the HTTP app needs; main.ts builds the real ones, tests the same real ones on other ports. */
export interface AppDeps {
  catalogue: Catalogue;
  renderer: { render(spec: MapSpec): Promise<RenderOutput> };
  cache: RenderCache;
  /** the renderer bundle, topology and fonts the pool pages load; the preview page loads the same */
  assets: RendererAssets;
}

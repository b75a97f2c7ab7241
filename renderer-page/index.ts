// Browser entry of the renderer bundle: pool pages and the preview page call `window.renderMap(spec)`.
import type { MapSpec, RenderResult } from './spec.ts';
import { renderMap } from './render-map.ts';

declare global {
  interface Window {
    renderMap(spec: MapSpec): Promise<RenderResult>;
  }
}

window.renderMap = async (spec) => {
  const container = document.getElementById('map');
  if (!container) throw new Error('the page has no #map element');
  const result = await renderMap(spec, { topologyBase: 'topology/', container });
  // A PNG at a higher pixel density is the same vector drawing shown larger, so it stays sharp; the
  // SVG text returned keeps its own size.
  if (spec.scale !== 1) {
    container.firstElementChild?.setAttribute('width', String(Math.round(result.width * spec.scale)));
    container.firstElementChild?.setAttribute('height', String(Math.round(result.height * spec.scale)));
  }
  return result;
};

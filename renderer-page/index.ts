// Browser entry of the renderer bundle: pool pages and the preview page call `window.renderMap(spec)`.
import type { MapSpec, RenderResult } from './spec.ts';
import { renderMap } from './render-map.ts';

declare global {
  interface Window {
    renderMap(spec: MapSpec): Promise<RenderResult>;
  }
}

window.renderMap = (spec) => {
  const container = document.getElementById('map');
  if (!container) throw new Error('the page has no #map element');
  return renderMap(spec, { topologyBase: 'topology/', container });
};

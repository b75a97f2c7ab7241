// Browser entry of the renderer bundle: pool pages (PNG) and the preview page call `window.renderMap(spec)`,
// which draws the map into #map. Files come from the page's origin.
import type { MapSpec, RenderResult } from './spec.ts';
import { renderMap, type RenderEnvironment } from './render-map.ts';
import type { MapPage } from './map-document.ts';

declare global {
  interface Window {
    renderMap(spec: MapSpec): Promise<RenderResult>;
  }
}

// The page's document only as the contract has it: an SVG thread runs this very file with its small DOM as
// `document`, so a member beyond the contract would compile here and throw there.
const page: MapPage = document;

const environment: RenderEnvironment = {
  doc: page,
  async loadJson(name) {
    const response = await fetch(`topology/${name}`);
    if (!response.ok) throw new Error(`topology/${name}: HTTP ${response.status}`);
    return response.json();
  },
  parseSvg: (text) => new DOMParser().parseFromString(text, 'image/svg+xml').documentElement,
};

window.renderMap = async (spec) => {
  const container = page.getElementById('map');
  if (!container) throw new Error('the page has no #map element');
  const { svg, width, height, warnings, description } = await renderMap(spec, environment);
  // A PNG at a higher pixel density is the same vector drawing shown larger, so it stays sharp.
  if (spec.scale !== 1) {
    svg.setAttribute('width', String(Math.round(width * spec.scale)));
    svg.setAttribute('height', String(Math.round(height * spec.scale)));
  }
  container.replaceChildren(svg);
  return { width, height, warnings, description };
};

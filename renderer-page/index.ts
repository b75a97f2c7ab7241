// Browser entry of the renderer bundle: pool pages (PNG) and the preview page call `window.renderMap(spec)`,
// which draws the map into #map. Files come from the page's origin.
import { noWarnings, type MapSpec, type RenderResult } from './spec.ts';
import { renderMap, type RenderEnvironment } from './render-map.ts';
import { GeometryStore } from './geometry-store.ts';
import type { MapPage } from './map-document.ts';
import { morph } from './morph.ts';

declare global {
  interface Window {
    /** `frameFollows`: a frame on demand will capture this map (render-page.ts), so the next map waits for it,
     *  and the map goes without the tooltips a picture cannot show. `maxPixels`: the most device pixels the
     *  picture may have; a map that would have more is laid out, not drawn (`overPixels`) */
    renderMap(spec: MapSpec, frameFollows?: boolean, maxPixels?: number): Promise<RenderResult>;
    /** an SVG document (an error's picture) shown in place of a map, parsed as XML: data, never run */
    showPicture(markup: string): Promise<void>;
  }
}

// The page's document only as the contract has it: an SVG thread runs this very file with its small DOM as
// `document`, so a member beyond the contract would compile here and throw there.
const page: MapPage = document;

// what the page keeps from one map to the next: this page's (or thread's) alone
const store = new GeometryStore(async (name) => {
  const response = await fetch(`topology/${name}`);
  if (!response.ok) throw new Error(`topology/${name}: HTTP ${response.status}`);
  return response.json();
});

const environment: Omit<RenderEnvironment, 'tooltips'> = {
  doc: page,
  store,
  parseSvg: (text) => new DOMParser().parseFromString(text, 'image/svg+xml').documentElement,
};

// A pool page that draws on demand is handed its next map while the frame of its last one is still being
// composited and encoded (render-page.ts). The next map waits until that frame has committed what it shows,
// which is done once the frame's animation frame has run and the task that ran it has ended: the frame shows
// the map it was asked for, and the next map is drawn meanwhile.
let committed: Promise<void> = Promise.resolve();
const nextCommit = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function mapContainer() {
  const container = page.getElementById('map');
  if (!container) throw new Error('the page has no #map element');
  return container;
}

/** the frameKey of the picture the page shows, if it shows one */
let shownFrame: string | null = null;

window.renderMap = async (spec, frameFollows = false, maxPixels = Infinity) => {
  await committed;
  const container = mapContainer();
  const laidOut = { width: 0, height: 0 };
  const fits = (width: number, height: number) => {
    Object.assign(laidOut, { width, height });
    return Math.round(width * spec.scale) * Math.round(height * spec.scale) <= maxPixels;
  };
  const drawing = await renderMap(spec, { ...environment, tooltips: !frameFollows, fits });
  // nothing drawn, so no frame follows: the next map need not wait for one
  if (!drawing) return { ...laidOut, warnings: noWarnings(), description: '', overPixels: true };
  const { svg, width, height, warnings, description, frameKey } = drawing;
  // A PNG at a higher pixel density is the same vector drawing shown larger, so it stays sharp.
  if (spec.scale !== 1) {
    svg.setAttribute('width', String(Math.round(width * spec.scale)));
    svg.setAttribute('height', String(Math.round(height * spec.scale)));
  }
  // a picture of the same frame as the one shown changes what differs (morph.ts); any other map replaces it.
  // A request's own boundaries too: the frame's key holds their hash.
  const frame = frameFollows ? frameKey : null;
  const shown = frame !== null && frame === shownFrame ? (container as unknown as Element).firstElementChild : null;
  if (shown) morph(shown, svg as unknown as Element);
  else container.replaceChildren(svg);
  shownFrame = frame;
  if (frameFollows) committed = nextCommit();
  return { width, height, warnings, description, overPixels: false };
};

// in the pool pages only, with the page's own document (a thread's has no parser)
window.showPicture = async (markup) => {
  await committed;
  const picture = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
  mapContainer().replaceChildren(document.importNode(picture, true));
  shownFrame = null;
};

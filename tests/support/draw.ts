// Drawing a map in-process, as an SVG thread does (the renderer with our small DOM and the built topology), for
// tests that need no HTTP and no Chromium.
import { DOMParser } from '@xmldom/xmldom';
import type { MapSpec, RenderWarnings } from '../../renderer-page/spec.ts';
import { renderMap, type RenderEnvironment } from '../../renderer-page/render-map.ts';
import { GeometryStore } from '../../renderer-page/geometry-store.ts';
import { SvgDocument, type SvgElement } from '../../server/render/threads/svg-document.ts';
import { readTopologyFile } from '../../server/render/renderer-origin.ts';
import { DEFAULT_BUILD_DIR } from '../../topology/catalogue.ts';
import { root } from './svg.ts';

/** A built file by name, as an SVG thread reads it. */
export async function loadBuiltJson(name: string): Promise<unknown> {
  const body = readTopologyFile([DEFAULT_BUILD_DIR], `/topology/${name}`);
  if (!body) throw new Error(`no topology file ${name}`);
  return JSON.parse(body.toString('utf8')) as unknown;
}

/** What an SVG thread hands the renderer, with `store` for what it keeps between maps. */
export const threadEnvironment = (store: GeometryStore): RenderEnvironment => ({
  doc: new SvgDocument(),
  store,
  // the parser the threads give the bundle for the page's DOMParser
  parseSvg: (text) => root(new DOMParser().parseFromString(text, 'image/svg+xml')),
  tooltips: true,
});

// one store for the process, as a thread has one
const environment = threadEnvironment(new GeometryStore(loadBuiltJson));

/** The SVG's bytes, as a thread answers them, and the render's warnings. */
export async function drawMap(spec: MapSpec): Promise<{ body: Buffer; warnings: RenderWarnings }> {
  // without `fits`, every map is drawn
  const { svg, warnings } = (await renderMap(spec, environment))!;
  return { body: Buffer.from((svg as SvgElement).markup()), warnings };
}

/** The SVG's bytes, as a thread answers them. */
export async function drawSvg(spec: MapSpec): Promise<Buffer> {
  return (await drawMap(spec)).body;
}

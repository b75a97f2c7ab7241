// A worker thread of the SVG renderer (svg-renderer.ts runs these with Piscina, from the plain JavaScript
// prepare.mjs bundles this module into). It is a page without a browser: the very renderer bundle the Chromium
// pages load for PNG, run with svg-document.ts for its `document` and a `fetch` that answers from the same
// renderer assets and refuses all else. As in a page, the bundle's entry makes the one GeometryStore the thread
// keeps its decoded files and frames in (renderer-page/geometry-store.ts). Text is measured from font tables, not a canvas, so an SVG made here
// and a PNG drawn in Chromium agree.
import v8 from 'node:v8';
import { DOMParser } from '@xmldom/xmldom';
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import type { MapSpec, RenderResult, RenderWarnings } from '../../../renderer-page/spec.ts';
import { RENDERER_ORIGIN, readTopologyFile } from '../renderer-origin.ts';
import { SvgDocument, type SvgElement } from './svg-document.ts';
import { collectOwnHeap, ownHeapTrim } from '../idle-trim.ts';

export interface SvgWorkerData {
  /** drawn before the thread takes work */
  warmUp: MapSpec;
  /** the renderer bundle, as the pages are served it */
  bundle: Uint8Array;
  /** where the built topology files are: each is read when a map first needs it */
  topologyDirs: string[];
}

const { warmUp, bundle, topologyDirs } = workerData as SvgWorkerData;
const page = `${RENDERER_ORIGIN}/index.html`;
const decoder = new TextDecoder();

/** The page's fetch: its own topology files, anything else refused, as in a pool page. */
async function fetchAsset(url: string) {
  const { origin, pathname } = new URL(url, page);
  const body = origin === RENDERER_ORIGIN ? readTopologyFile(topologyDirs, pathname) : undefined;
  if (!body) throw new TypeError(`fetch refused: ${url}`);
  return { ok: true, status: 200, json: async () => JSON.parse(decoder.decode(body)) as unknown };
}

// stdout carries the service's JSON log lines: the console of the page keeps its warnings and errors (on
// stderr) and drops the rest (milsymbol greets the console when it loads)
const pageConsole = { ...console, log() {}, info() {}, debug() {} };
const document = new SvgDocument();
const window: { renderMap?: (spec: MapSpec) => Promise<RenderResult> } = {};
// The bundle's free names are the page's: a function taking them as parameters runs it at full speed, where a
// vm context would intercept every global it reads (Math, Object...), which made renders a third slower.
const pageGlobals = { window, document, fetch: fetchAsset, DOMParser, console: pageConsole };
new Function(...Object.keys(pageGlobals), decoder.decode(bundle))(...Object.values(pageGlobals));
const renderMap = window.renderMap!;

export interface SvgOutput {
  /** UTF-8, encoded here rather than on the event loop */
  body: Uint8Array;
  warnings: RenderWarnings;
  description: string;
  height: number;
}

/** Hands the bytes over to the main thread instead of copying them. */
class Moved {
  constructor(private readonly output: SvgOutput) {}
  get [transferableSymbol]() {
    return this.output.body.buffer;
  }
  get [valueSymbol]() {
    return this.output;
  }
}

// collected once the thread falls idle after a burst of maps
const trim = ownHeapTrim();

function renderSvg(spec: MapSpec) {
  return trim.around(async () => {
    const { warnings, description, height } = await renderMap(spec);
    const body = (document.map.firstChild as SvgElement).markup();
    return move(new Moved({ body, warnings, description, height }));
  });
}

/** For tests and diagnostics (SvgRenderer.heapUsed): the bytes the thread's heap holds, after a full garbage
 *  collection when `collect`. */
export function heapUsed(collect: boolean): number {
  if (collect) collectOwnHeap();
  return v8.getHeapStatistics().used_heap_size;
}

// Piscina awaits a handler given as a promise, and hands the thread work only then: it warms up first (see
// SvgRenderer.start).
export default renderSvg(warmUp).then(() => renderSvg);

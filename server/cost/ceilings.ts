// The cost ceilings (DECISIONS §12), checked for a map about to be drawn: its device pixels against MAX_PIXELS and
// its estimated render time (estimate.ts) against MAX_RENDER_COST. Over either, 422 too_costly naming what to
// reduce, and nothing is drawn. A height left to the scope's shape is known only once the map is laid out: the
// pages check the pixels again then (render-page.ts), and the heights drawn are learnt here for the estimates.
import { LRUCache } from 'lru-cache';
import type { MapSpec } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import { TooManyPixels } from '../render/render-errors.ts';
import { estimateCost, type CostEstimate, type CostFacts } from './estimate.ts';
import type { Catalogue } from '../../topology/catalogue.ts';
import type { RendererAssets } from '../render/renderer-assets.ts';

export interface Ceilings {
  maxPixels: number;
  maxRenderCost: number;
}

const PIXEL_FORMATS: readonly MapSpec['format'][] = ['png', 'jpeg', 'webp', 'pdf'];

/** What a map's height depends on when the request leaves it to the scope's shape. */
const frameOf = (spec: MapSpec) =>
  JSON.stringify([spec.scope, spec.division, spec.geometry?.key, spec.level, spec.projection, spec.bbox]);

/** What the estimates read of the built scopes: their topologies' sizes, and how many regions each has. */
export function catalogueFacts(
  catalogue: Catalogue,
  assets: Pick<RendererAssets, 'topologyBytes'>,
): Omit<CostFacts, 'naturalHeight'> {
  return {
    topologyBytes: assets.topologyBytes,
    regionCount: (scope, division) => {
      const known = catalogue.scope(scope);
      const regions = division === null ? known?.regions : known?.divisions.find((d) => d.id === division)?.regions;
      return regions?.length ?? 0;
    },
  };
}

export class RenderCosts {
  /** height ÷ width of the maps drawn, by frame: a few numbers each, for the frames asked for lately */
  private readonly aspects = new LRUCache<string, number>({ max: 4096 });

  constructor(
    private readonly ceilings: Ceilings,
    private readonly facts: Omit<CostFacts, 'naturalHeight'>,
  ) {}

  estimate(spec: MapSpec): CostEstimate {
    return estimateCost(spec, {
      ...this.facts,
      naturalHeight: (map) => map.width * (this.aspects.get(frameOf(map)) ?? 1),
    });
  }

  /** Throws TooManyPixels or 422 too_costly when `spec` is over a ceiling; else answers its estimated cost, which
   *  the metrics per key add up (access/quota-gate.ts). */
  check(spec: MapSpec): number {
    const { maxPixels, maxRenderCost } = this.ceilings;
    const scale = spec.format === 'pdf' ? 1 : spec.scale;
    if (
      spec.height !== null &&
      PIXEL_FORMATS.includes(spec.format) &&
      Math.round(spec.width * scale) * Math.round(spec.height * scale) > maxPixels
    )
      throw new TooManyPixels(spec.width, spec.height, scale, maxPixels);
    const { ms, parts } = this.estimate(spec);
    if (ms <= maxRenderCost) return ms;
    const costliest = parts
      .slice(0, 3)
      .map((part) => `${part.what} (${Math.round(part.ms).toLocaleString('en')} ms)`)
      .join(', ');
    throw new ApiError(
      'too_costly',
      `this map would take about ${Math.round(ms).toLocaleString('en')} ms to draw, over the ` +
        `${maxRenderCost.toLocaleString('en')} this service draws a map in; most of it goes to ${costliest}: reduce ${parts[0]!.field}`,
      parts[0]!.field,
    );
  }

  /** A map was drawn `height` CSS px tall. */
  learn(spec: MapSpec, height: number): void {
    if (spec.height === null) this.aspects.set(frameOf(spec), height / spec.width);
  }
}

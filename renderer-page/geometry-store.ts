// What a page (a Chromium pool page, the preview page) or an SVG thread keeps from one map to the next: the
// files it decoded and what it projected of them. One store per page, made by its entry (index.ts) and handed
// to renderMap in its environment; nothing of it lives in a module, so two pages, or two tests, share nothing.
// Every part is bounded, least recently used out first, so that memory grows neither with the catalogue nor
// with the sizes asked for.
import { fitProjection, projectionBasis, type Extent, type ProjectionBasis } from './geometry/projection.ts';
import {
  geometryKey,
  readScopeGeometry,
  type GeometrySource,
  type LoadJson,
  type ScopeGeometry,
} from './geometry/scope-geometry.ts';
import { OutlineTiers } from './geometry/outline-tiers.ts';
import { Frame, frameKey, framingKey, naturalHeightFor, type Framing } from './frame.ts';
import { readRegionNames } from './region-names.ts';
import { readSeaNetwork, SEA_NETWORK, type SeaNetwork } from './sea-routing/sea-network.ts';
import { Lru } from './lru.ts';

/** Decoded (scope, level)s: with 250 scopes, what a page holds must not grow with the catalogue. The world at
 *  three levels and a dozen countries fit. */
const SCOPES_KEPT = 16;
/** Languages' names: a page serves a few locales at a time, and a language's names are up to ~200 KB. */
const LANGUAGES_KEPT = 4;
/** Projection bases, one per framing: measuring the fit target is the costly part of a new framing. */
const BASES_KEPT = 32;
/** Frames, one per framing and size: each holds its outlines' path data. */
const FRAMES_KEPT = 12;
/** Points of every outline tier kept, in bytes (4 per coordinate): the world's high detail at 2048 px takes
 *  about 1.2 MB. */
const TIER_BYTES = 32 * 1024 * 1024;

const ENGLISH: ReadonlyMap<string, string> = new Map();

/** What `cache` holds under `key`, else what `read` reads, kept unless it fails, so that the next map tries again. */
function kept<T>(cache: Lru<Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  return cache.remember(key, () => {
    const load = read();
    load.catch(() => cache.forget(key, load));
    return load;
  });
}

export class GeometryStore {
  private readonly scopes = new Lru<Promise<ScopeGeometry>>(SCOPES_KEPT);
  private readonly languages = new Lru<Promise<ReadonlyMap<string, string>>>(LANGUAGES_KEPT);
  /** one network, kept under its file's name */
  private readonly seaNetworks = new Lru<Promise<SeaNetwork>>(1);
  private readonly bases = new Lru<ProjectionBasis>(BASES_KEPT);
  private readonly frames = new Lru<Frame>(FRAMES_KEPT);
  private readonly tiers = new OutlineTiers(TIER_BYTES);

  /** `loadJson` reads the built files (`world-low.json`) from the page's origin. */
  constructor(private readonly loadJson: LoadJson) {}

  /** The geometry of a scope, or one of its divisions, at a level; or the request's own. */
  scopeGeometry(source: GeometrySource): Promise<ScopeGeometry> {
    const key = geometryKey(source);
    return kept(this.scopes, key, () => readScopeGeometry(source, this.loadJson));
  }

  /** The names of `language` (the catalogue's nameLanguage) by region id; none for null (English). */
  regionNames(language: string | null): Promise<ReadonlyMap<string, string>> {
    if (language === null) return Promise.resolve(ENGLISH);
    return kept(this.languages, language, () => readRegionNames(language, this.loadJson));
  }

  /** The maritime network, read once for the page's life (and again after a failed read). */
  seaNetwork(): Promise<SeaNetwork> {
    return kept(this.seaNetworks, SEA_NETWORK, () => readSeaNetwork(this.loadJson));
  }

  /** The frame of `framing` fitted to `extent`, as drawn before at that size when it was. */
  frame(framing: Framing, geometry: ScopeGeometry, extent: Extent): Frame {
    const framed = framingKey(framing);
    const key = frameKey(framed, extent);
    return this.frames.remember(key, () => {
      const basis = this.basis(framed, framing, geometry);
      const fitted = fitProjection(basis, extent);
      return new Frame(key, basis, fitted, geometry, this.tiers.for(framed, basis, fitted.k), extent);
    });
  }

  /** The height the map takes at `width` when the request gives none (frame.ts). */
  naturalHeight(framing: Framing, geometry: ScopeGeometry, width: number): number {
    return naturalHeightFor(this.basis(framingKey(framing), framing, geometry), width);
  }

  private basis(key: string, framing: Framing, geometry: ScopeGeometry): ProjectionBasis {
    return this.bases.remember(key, () => projectionBasis(framing, geometry));
  }
}

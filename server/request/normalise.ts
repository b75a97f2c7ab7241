// One normalised request from any source: defaults filled, enumerations and ids canonical, regions sorted.
// The renderer trusts what comes out of here; the ETag is a hash of it.
import type { Catalogue, ScopeCatalogue } from '../../topology/catalogue.ts';
import type { ColorScaleName, Format, LegendLayout, MapSpec, RegionSpec, RouteSpec } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import { AS_IS_FIELDS, FIELD_NAMES, type AsIsField, type FieldName, type ValidRequest } from './schema.ts';
import { validateRequest } from './validate.ts';
import { LIMITS } from './schema-parts.ts';
import {
  normaliseLabels,
  normaliseMarkers,
  normaliseProportional,
  normaliseRoutes,
  type Resolve,
} from './normalise-layers.ts';
import { validateShapes } from './shape-schema.ts';
import { requireScope } from './scope.ts';
import { chooseDivision } from './division.ts';
import { withUnitsDrawnApart } from './drawn-apart.ts';
import { customScope, type CustomScope } from './custom-geometry.ts';
import { PositionBudget } from './coordinates.ts';
import { numberLocaleFor } from './number-locale.ts';
import { outputOptions } from './output-options.ts';
import { detailLevel } from './detail-level.ts';
import { refuseUnplaced } from './placement.ts';
import { refuseInheritedKeys } from './inherited-keys.ts';

export interface NormalisedRequest {
  spec: MapSpec;
  /** ids as the user wrote them that the scope does not know, in request order */
  unknownIds: string[];
  /** routes with an end that is no known region, as `from>to` */
  unknownRoutes: string[];
  /** a table body's file lines above and below the table that were skipped (`1-4`), when there were any */
  skippedLines?: string[];
}

function isPlainObject(input: unknown): input is Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input);
}

/** Regions by canonical id, with the GET/CSV side lists of patterns and annotations merged in. A region
 *  given without a value, colour, pattern or annotation, or with an explicit null, is highlighted. */
function resolveRegions(valid: ValidRequest, resolve: Resolve): RegionSpec[] {
  const byId = new Map<string, RegionSpec>();
  const spelledAs = new Map<string, string>();
  for (const item of valid.regions ?? []) {
    const id = resolve(item.id);
    if (!id) continue;
    const earlier = spelledAs.get(id);
    if (earlier !== undefined) {
      throw new ApiError('invalid_data', `region ${id} is given twice (as "${earlier}" and "${item.id}")`, 'regions');
    }
    spelledAs.set(id, item.id);
    const decorated = Boolean(item.color || item.pattern || item.annotation);
    byId.set(id, {
      id,
      value: item.value ?? null,
      highlight: item.value === null || (item.value === undefined && !decorated),
      color: item.color ?? null,
      pattern: item.pattern ?? null,
      annotation: item.annotation ?? null,
    });
  }
  const decorate = (raw: string, change: Partial<RegionSpec>) => {
    const id = resolve(raw);
    if (!id) return;
    const region = byId.get(id) ?? { id, value: null, highlight: false, color: null, pattern: null, annotation: null };
    byId.set(id, { ...region, ...change });
  };
  for (const item of valid.patterns ?? []) decorate(item.id, { pattern: item.pattern });
  for (const item of valid.annotations ?? []) decorate(item.id, { annotation: item.annotation });
  return [...byId.values()];
}

/** Breaks imply custom classes unless a classification is `given`; custom classes need breaks. Classes only
 *  apply to a classed sequential scale, so they are reset otherwise, and equal maps keep one ETag. */
function classes(valid: ValidRequest, given: boolean, colorScale: ColorScaleName, legendLayout: LegendLayout) {
  const classification = valid.breaks && !given ? 'custom' : valid.classification;
  if (classification === 'custom' && !valid.breaks) {
    throw new ApiError(
      'invalid_field',
      'classification custom needs breaks: 1 to 20 ascending numbers, each the upper edge of a class',
      'breaks',
    );
  }
  if (classification !== 'custom' && valid.breaks) {
    throw new ApiError(
      'invalid_field',
      `breaks are only used with classification custom (got ${classification})`,
      'breaks',
    );
  }
  if (colorScale !== 'sequential' || legendLayout === 'continuous')
    return { classification: 'quantile' as const, breaks: null };
  return { classification, breaks: valid.breaks ?? null };
}

/** Picks the colour scale (text values make it categorical unless one is `given`) and, for categories, their
 *  order of first appearance. */
function scaleRegions(valid: ValidRequest, given: boolean, regions: RegionSpec[]) {
  const hasText = regions.some((r) => typeof r.value === 'string');
  const hasNumbers = regions.some((r) => typeof r.value === 'number');
  if (hasText && hasNumbers) {
    throw new ApiError(
      'invalid_data',
      'regions mix numbers and text categories; give every value as a number or every value as text',
      'regions',
    );
  }
  const colorScale: ColorScaleName = hasText && !given ? 'categorical' : valid.colorScale;
  if (hasText && colorScale !== 'categorical') {
    throw new ApiError('invalid_data', `text values need colorScale categorical (got ${colorScale})`, 'colorScale');
  }
  if (colorScale !== 'categorical') return { colorScale, categories: [], regions };
  const categorised = regions.map((r) => (typeof r.value === 'number' ? { ...r, value: String(r.value) } : r));
  const categories = [...new Set(categorised.map((r) => r.value).filter((v): v is string => typeof v === 'string'))];
  if (categories.length > LIMITS.categories) {
    throw new ApiError(
      'invalid_data',
      `regions have ${categories.length} distinct categories; at most ${LIMITS.categories} can take colours ` +
        'that stay apart (merge the rarest into one, such as "Other")',
      'regions',
    );
  }
  return { colorScale, categories, regions: categorised };
}

/** By default the frame grows with the map: 2% of its width, 4 to 24 px. */
export function defaultPadding(width: number): number {
  return Math.round(Math.min(24, Math.max(4, width * 0.02)));
}

/** The sources of the scope (or of the division drawn), and the shipping-lane network's when a route follows it. */
function credit(scope: ScopeCatalogue, division: string | null, routes: RouteSpec[]): string | null {
  const sources = scope.divisions.find((d) => d.id === division)?.sources ?? scope.sources;
  const lines = [sources, routes.some((r) => r.mode === 'sea') ? 'sea lanes: Eurostat marnet' : ''].filter(Boolean);
  return lines.length ? lines.join(' · ') : null;
}

type Carried<T> = undefined extends T ? Exclude<T, undefined> | null : T;

/** The fields the normalised request carries as validated, an absent one as null; tsc holds them to MapSpec's. */
function asIsFields(valid: ValidRequest): Pick<MapSpec, AsIsField> {
  return Object.fromEntries(AS_IS_FIELDS.map((name) => [name, valid[name] ?? null])) as {
    [K in AsIsField]: Carried<ValidRequest[K]>;
  };
}

const isCustom = (input: Record<string, unknown>) =>
  typeof input.scope === 'string' && input.scope.trim().toLowerCase() === 'custom';

/** `scope: "custom"` with its `geometry` (POST JSON only), or null for a scope of the catalogue. */
function customScopeOf(
  input: Record<string, unknown>,
  valid: ValidRequest,
  budget: PositionBudget,
): CustomScope | null {
  const given = valid.geometry !== undefined && valid.geometry !== null;
  if (!isCustom(input)) {
    if (given || valid.idProperty || valid.nameProperty) {
      throw new ApiError(
        'invalid_field',
        'geometry, idProperty and nameProperty go with scope custom (your own boundaries)',
        'geometry',
      );
    }
    return null;
  }
  if (!given)
    throw new ApiError(
      'invalid_field',
      'scope custom needs geometry: a GeoJSON FeatureCollection or a TopoJSON Topology of your regions, in a POST JSON body',
      'geometry',
    );
  return customScope(
    valid.geometry,
    { idProperty: valid.idProperty ?? null, nameProperty: valid.nameProperty ?? null },
    budget,
  );
}

/** `pathFormat` is the format the URL's extension asks for (GET); `skippedLines` the lines a table body's reader
 *  skipped around the table. */
export function normaliseRequest(
  input: unknown,
  catalogue: Catalogue,
  pathFormat?: Format,
  skippedLines: string[] = [],
): NormalisedRequest {
  if (!isPlainObject(input)) throw new ApiError('invalid_json', 'the body must be a JSON object with at least "scope"');
  const unknown = Object.keys(input).find((key) => !FIELD_NAMES.includes(key));
  if (unknown !== undefined) {
    throw new ApiError('invalid_field', `unknown field "${unknown}"; allowed: ${FIELD_NAMES.join(', ')}`, unknown);
  }
  refuseInheritedKeys(input);
  const listed = isCustom(input) ? null : requireScope(input, catalogue);
  const valid = validateRequest(input);
  // whether the request gave a field, or validation filled in its default
  const given = (field: FieldName) => input[field] !== undefined;
  // the positions of geometry and shapes together
  const budget = new PositionBudget();
  const custom = customScopeOf(input, valid, budget);
  const scope = custom?.scope ?? listed!;
  const output = outputOptions(valid, given('format'), pathFormat);
  const projection = valid.projection ?? scope.defaultProjection;
  if (projection === 'albersUsa' && scope.kind !== 'custom' && !['world', 'US'].includes(scope.id)) {
    throw new ApiError(
      'invalid_projection',
      'albersUsa draws only the United States; use it with scope US, world or your own boundaries',
      'projection',
    );
  }

  // in request order, each once
  const unknownIds = new Set<string>();
  const division = custom ? null : chooseDivision(scope, valid, catalogue);
  const resolveQuietly = (raw: string) =>
    custom ? custom.resolve(raw.trim()) : catalogue.resolveIn(scope.id, division, raw.trim());
  const resolve: Resolve = (raw) => {
    const id = resolveQuietly(raw);
    if (!id) unknownIds.add(raw);
    return id;
  };
  const resolved = withUnitsDrawnApart(scope, resolveRegions(valid, resolve));
  const { colorScale, categories, regions } = scaleRegions(valid, given('colorScale'), resolved);
  regions.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const { routes, unknownRoutes } = normaliseRoutes(valid, resolveQuietly);
  refuseUnplaced(
    {
      scope: scope.id,
      given: valid.regions?.length ?? 0,
      noneKnown: (valid.regions ?? []).every((item) => !resolveQuietly(item.id)),
      unknownIds: [...unknownIds],
      unknownRoutes,
      skippedLines,
      suggest: (raw) => (custom ? undefined : catalogue.suggestId(scope.id, division, raw)),
    },
    valid.strict,
  );
  const bbox = (valid.bbox as MapSpec['bbox'] | undefined) ?? scope.extent ?? null;

  const spec: MapSpec = {
    scope: scope.id,
    scopeName: custom ? 'Custom regions' : scope.name,
    level: detailLevel(valid.level, scope, { bbox, width: valid.width, scale: output.scale }, given('bbox')),
    division,
    geometry: custom?.geometry ?? null,
    format: output.format,
    projection,
    // unless asked for, the renderer draws it only where the projection has no insets (it alone knows)
    context: valid.context ?? null,
    // only a scope whose map differs keeps the worldview, so one map has one ETag
    worldview: scope.worldviews?.find((w) => w === valid.worldview) ?? 'un',
    colorScale,
    ...classes(valid, given('classification'), colorScale, valid.legendLayout),
    regions,
    categories,
    attribution: valid.attribution ? credit(scope, division, routes) : null,
    markers: normaliseMarkers(valid),
    routes,
    shapes: validateShapes(valid.shapes, budget),
    labels: normaliseLabels(valid, resolve),
    proportional: normaliseProportional(valid, resolve),
    bbox,
    padding: valid.padding ?? defaultPadding(valid.width),
    scale: output.scale,
    quality: output.quality,
    numberLocale: numberLocaleFor(valid.locale),
    // your own and the operator's boundaries are named as their files name them
    nameLanguage: scope.kind === 'custom' ? null : catalogue.nameLanguage(valid.locale),
    ...asIsFields(valid),
  };
  return { spec, unknownIds: [...unknownIds], unknownRoutes, ...(skippedLines.length ? { skippedLines } : {}) };
}

// `scope: "custom"`: the user's own boundaries in the POST body (`geometry`, a GeoJSON FeatureCollection or a
// TopoJSON Topology), checked feature by feature and turned into the same kind of topology the build writes
// (regions with ids and names, an anchor point each), which travels in the normalised request to the renderer.
import { createHash } from 'node:crypto';
import rewind from '@mapbox/geojson-rewind';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature as topoFeature } from 'topojson-client';
import { topology } from 'topojson-server';
import type { Topology } from 'topojson-specification';
import { regionAnchors } from '../../topology/anchors.ts';
import { normaliseKey, type ScopeCatalogue } from '../../topology/catalogue.ts';
import type { CustomGeometry } from '../../renderer-page/spec.ts';
import { ApiError } from '../errors.ts';
import type { JsonSchema } from './field-meta.ts';
import { LIMITS, NOT_XML_TEXT } from './schema-parts.ts';
import { PositionBudget, checkedCoordinates } from './coordinates.ts';

/** What the OpenAPI document shows of `geometry`: its type and an example. The rest is checked here, feature by
 *  feature (the properties holding ids and names are the request's to name), not by a schema. */
export const GEOMETRY_JSON_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', enum: ['FeatureCollection', 'Topology'] } },
  examples: [
    {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'north',
          properties: { name: 'North' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [20, 46],
                [30, 46],
                [30, 48],
                [20, 48],
                [20, 46],
              ],
            ],
          },
        },
      ],
    },
  ],
};

/** 400 invalid_field naming the field and what is wrong with it. */
function fail(field: string, message: string): never {
  throw new ApiError('invalid_field', `${field} ${message}`, field);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Quantization of the topology handed to the renderer: about a metre on a country, finer than any pixel. */
const QUANTIZATION = 1e5;
const AREAL = ['Polygon', 'MultiPolygon'] as const;

/** The positions `object`'s geometries take from `arcs` once decoded: an arc is counted each time a ring uses it,
 *  as decoding copies it each time. A few KB of TopoJSON reusing its arcs once decoded to 8 million positions and
 *  ran the process out of memory. Arcs not an array of arrays count as none (decoding then fails, and says so). */
function decodedPositions(object: unknown, arcs: unknown[]): number {
  const arcLength = (index: unknown) => {
    const arc = typeof index === 'number' ? arcs[index < 0 ? ~index : index] : undefined;
    return Array.isArray(arc) ? arc.length : 0;
  };
  // rings of arc indices, at any depth (a GeometryCollection's geometries, a MultiPolygon's polygons)
  let total = 0;
  const pending: unknown[] = [object];
  while (pending.length > 0) {
    const next = pending.pop();
    if (Array.isArray(next)) {
      for (const item of next) {
        if (typeof item === 'number') total += arcLength(item);
        else pending.push(item);
      }
    } else if (isObject(next)) pending.push(next.geometries, next.arcs);
  }
  return total;
}

/** The features of a FeatureCollection, or of a Topology's first object: topologies often carry the same land
 *  twice (us-atlas: `states`, then `nation`), and the first is the one they are named for. */
function featuresOf(geometry: unknown): unknown[] {
  if (isObject(geometry) && geometry.type === 'FeatureCollection') {
    if (!Array.isArray(geometry.features)) fail('geometry.features', 'must be an array of GeoJSON Features');
    return geometry.features;
  }
  if (isObject(geometry) && geometry.type === 'Topology') {
    if (!isObject(geometry.objects) || !Array.isArray(geometry.arcs))
      fail('geometry', 'is a Topology without objects or arcs');
    const [first] = Object.values(geometry.objects);
    // before decoding, which the request's budget then counts as it counts GeoJSON
    new PositionBudget().spend(decodedPositions(first, geometry.arcs), 'geometry');
    try {
      if (!first) fail('geometry.objects', 'is empty');
      const decoded = topoFeature(geometry as unknown as Topology, first as never) as Feature | FeatureCollection;
      return decoded.type === 'FeatureCollection' ? decoded.features : [decoded];
    } catch (error) {
      fail('geometry', `is not a valid TopoJSON Topology (${(error as Error).message})`);
    }
  }
  return fail('geometry', 'must be a GeoJSON FeatureCollection or a TopoJSON Topology');
}

interface Options {
  idProperty: string | null;
  nameProperty: string | null;
}

/** A region's id: `idProperty`, else the feature's `id`, else `properties.id`; text of at most 64 characters. */
function idOf(
  feature: Record<string, unknown>,
  properties: Record<string, unknown>,
  { idProperty }: Options,
  field: string,
): string {
  const raw = idProperty ? properties[idProperty] : (feature.id ?? properties.id);
  const where = idProperty
    ? `properties.${idProperty} (idProperty)`
    : "id (neither the feature's id nor properties.id; set idProperty to use another property)";
  if ((typeof raw !== 'string' && typeof raw !== 'number') || String(raw).trim() === '') fail(field, `has no ${where}`);
  const id = String(raw).trim();
  if (id.length > LIMITS.categoryLength || NOT_XML_TEXT.test(id))
    fail(field, `id must be text of at most ${LIMITS.categoryLength} characters without control characters`);
  return id;
}

export interface CustomScope {
  scope: ScopeCatalogue;
  geometry: CustomGeometry;
  resolve(raw: string): string | undefined;
}

/** Checks `geometry` and makes a scope of it; every problem is a 400 naming the feature and what is wrong. Its
 *  positions count against `budget`. */
export function customScope(input: unknown, options: Options, budget: PositionBudget): CustomScope {
  const features = featuresOf(input);
  if (features.length === 0) fail('geometry', 'holds no features');
  if (features.length > LIMITS.regions)
    throw new ApiError('too_many_items', `geometry may hold at most ${LIMITS.regions} features`, 'geometry');
  const seen = new Map<string, number>();
  const regions = features.map((item, i): Feature<Polygon | MultiPolygon, { name: string }> => {
    const field = `geometry.features[${i}]`;
    if (!isObject(item) || item.type !== 'Feature' || !isObject(item.geometry))
      fail(field, 'must be a GeoJSON Feature with a geometry');
    const type = item.geometry.type as (typeof AREAL)[number];
    if (!AREAL.includes(type))
      fail(
        `${field}.geometry.type`,
        `must be Polygon or MultiPolygon: regions are areas (got ${JSON.stringify(type)})`,
      );
    const properties = isObject(item.properties) ? item.properties : {};
    const id = idOf(item, properties, options, field);
    const earlier = seen.get(normaliseKey(id));
    if (earlier !== undefined) fail(field, `has the id "${id}" of geometry.features[${earlier}]; ids must be unique`);
    seen.set(normaliseKey(id), i);
    const named = properties[options.nameProperty ?? 'name'];
    if (options.nameProperty && typeof named !== 'string')
      fail(field, `has no text properties.${options.nameProperty} (nameProperty)`);
    const name =
      typeof named === 'string' && named.trim() && !NOT_XML_TEXT.test(named) ? named.trim().slice(0, 120) : id;
    const checked = checkedCoordinates(
      type,
      item.geometry.coordinates,
      `${field}.geometry.coordinates`,
      budget,
    ) as Polygon['coordinates'];
    return {
      type: 'Feature',
      id,
      properties: { name },
      geometry: { type, coordinates: checked } as Polygon | MultiPolygon,
    };
  });
  // RFC 7946 winds outer rings counter-clockwise, d3 clockwise: either is taken
  const collection = rewind({ type: 'FeatureCollection', features: regions } as FeatureCollection, true);
  const text = JSON.stringify(topology({ regions: collection, points: regionAnchors(collection) }, QUANTIZATION));
  const byKey = new Map<string, string>();
  for (const r of regions) byKey.set(normaliseKey(String(r.id)), String(r.id));
  for (const r of regions)
    if (!byKey.has(normaliseKey(r.properties.name))) byKey.set(normaliseKey(r.properties.name), String(r.id));
  const entries = regions.map((r) => ({ id: String(r.id), name: r.properties.name, aliases: [] }));
  return {
    scope: {
      id: 'custom',
      kind: 'custom',
      name: 'Custom',
      regionKind: 'regions',
      defaultLevel: 'high',
      defaultProjection: 'conicConformal',
      sources: '',
      boundaries: { source: 'the request', licence: "the requester's" },
      ownIds: [],
      regions: entries,
      divisions: [],
    },
    // as text, which travels to a renderer as it is, where an object of a million positions took tens of
    // milliseconds of the event loop to copy each time
    geometry: { key: createHash('sha1').update(text).digest('hex'), topology: text },
    resolve: (raw) => byKey.get(normaliseKey(raw)),
  };
}

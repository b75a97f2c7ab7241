// The world countries as each worldview draws them (docs/boundaries.md). world-atlas carries Natural Earth's
// default admin-0, which draws the lines of control: Crimea and Sevastopol inside Russia. The UN (General
// Assembly resolution 68/262) and ISO 3166-2 (UA-43, UA-40) list them in Ukraine. Crimea is a polygon of its own
// in Russia's MultiPolygon at every resolution (the Kerch Strait parts it from Russia's mainland), so the `un`
// worldview moves that polygon, arcs and all, to Ukraine; merging by id then dissolves the Perekop arc between it
// and Ukraine's mainland, and the Kerch Strait becomes the coast it is. No coordinates are drawn anew.

import { geoContains } from 'd3';
import type { Feature } from 'geojson';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { Worldview } from './scopes.js';
import type { Areal } from './topo-tools.js';

/** ISO 3166-1 numeric codes, as world-atlas ids its countries */
const RUSSIA = '643';
const UKRAINE = '804';
/** Simferopol and Sevastopol: both lie on the polygon that is moved */
const CRIMEA_POINTS: Array<[number, number]> = [
  [34.1, 44.95],
  [33.52, 44.6],
];

/** The polygons (arc lists) of a polygonal geometry. */
const polygonsOf = (g: Areal): number[][][] => (g.type === 'Polygon' ? [g.arcs] : g.arcs);

/** `geoms` (world-atlas countries of `topo`) as `worldview` draws them; the source's own for `de-facto`. */
export function worldviewCountries(topo: Topology, geoms: Areal[], worldview: Worldview): Areal[] {
  if (worldview === 'de-facto') return geoms;
  return geoms.flatMap((g): Areal[] => {
    if (String(g.id) !== RUSSIA) return [g];
    const polygons = polygonsOf(g);
    const onCrimea = (arcs: number[][]) => {
      const shape = feature(topo, { type: 'Polygon', arcs }) as Feature;
      return CRIMEA_POINTS.every((point) => geoContains(shape, point));
    };
    const crimea = polygons.filter(onCrimea);
    if (crimea.length !== 1) throw new Error(`worldview un: ${crimea.length} polygons of Russia hold Crimea, not 1`);
    const ukraine = geoms.find((u) => String(u.id) === UKRAINE);
    return [
      { ...g, type: 'MultiPolygon', arcs: polygons.filter((p) => p !== crimea[0]) },
      { type: 'Polygon', arcs: crimea[0]!, id: UKRAINE, properties: { ...ukraine?.properties } },
    ];
  });
}

/** Subdivisions Natural Earth's admin-1 files under the country that holds them de facto, by ISO 3166-2 code,
 *  with the country the `un` worldview gives them to. */
const ADMIN1_MOVES: ReadonlyArray<{ codes: readonly string[]; from: string; to: string }> = [
  { codes: ['UA-43', 'UA-40'], from: 'RU', to: 'UA' }, // Crimea, Sevastopol
];

/** The subdivisions of every country (by ISO 3166-1 alpha-2) as `worldview` files them; the source's for
 *  `de-facto`. Countries whose list differs get a list of their own; the rest are shared. */
export function worldviewSubdivisions<F extends { properties: { iso_3166_2: string } }>(
  byCountry: ReadonlyMap<string, F[]>,
  worldview: Worldview,
): Map<string, F[]> {
  const filed = new Map(byCountry);
  if (worldview === 'de-facto') return filed;
  for (const { codes, from, to } of ADMIN1_MOVES) {
    const moved = (f: F) => codes.includes(f.properties.iso_3166_2);
    const moving = filed.get(from)!.filter(moved);
    if (moving.length !== codes.length) throw new Error(`worldview un: admin-1 of ${from} lacks one of ${codes}`);
    filed.set(
      from,
      filed.get(from)!.filter((f) => !moved(f)),
    );
    filed.set(to, [...filed.get(to)!, ...moving]);
  }
  return filed;
}

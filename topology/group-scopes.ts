// A scope per group of countries (group-members.ts): the members are its regions, with the world scope's ids,
// names and aliases and its outlines at each level (Natural Earth 1:110m, 1:50m, 1:10m); the countries around
// them are muted context.

import type { Feature, FeatureCollection, Point } from 'geojson';
import type { Topology } from 'topojson-specification';
import type { RegionEntry } from './catalogue.js';
import { continentGroups, POLITICAL_GROUPS, type GroupMembers } from './group-members.js';
import { pixelArea } from './scope-levels.js';
import { lakesAt, scopeLakes } from './lakes.js';
import { Joint, overlaps, surroundingsOf, type Bounds, type LandUnit } from './surroundings.js';
import { LEVELS, WORLD, type Level, type ScopeDefinition } from './scopes.js';
import { assemble } from './topo-tools.js';

const QUANTIZATION = { low: 1e4, medium: 3e4, high: 1e5 } as const;

export interface GroupScope {
  definition: ScopeDefinition;
  regions: RegionEntry[];
}

export interface WorldForGroups {
  /** the world's countries at each level, one feature each */
  countries: Record<Level, LandUnit[]>;
  regions: RegionEntry[];
  points: FeatureCollection<Point>;
}

function buildGroup(
  group: GroupMembers,
  world: WorldForGroups,
  write: (file: string, topology: Topology) => number,
): GroupScope {
  const known = new Map(world.regions.map((r) => [r.id, r]));
  // a unit drawn apart from a member (Northern Cyprus, Somaliland) is drawn with it, to take its value
  const members = new Set(
    [...known.values()]
      .filter((r) => group.members.includes(r.id) || (r.partOf && group.members.includes(r.partOf)))
      .map((r) => r.id),
  );
  const unknown = group.members.filter((id) => !known.has(id));
  if (unknown.length)
    console.log(`  ${group.id}: members ${unknown.join(', ')} are no country of the world scope, left out`);
  const memberFeatures = (level: Level): Feature[] =>
    world.countries[level].filter((c) => members.has(c.id)).map((c) => c.feature);
  const [west, south, east, north] = group.extent ?? [];
  const area: FeatureCollection | Bounds = group.extent
    ? [
        [west!, south!],
        [east! > 180 ? east! - 360 : east!, north!],
      ]
    : { type: 'FeatureCollection', features: memberFeatures('medium') };
  const points: FeatureCollection = {
    type: 'FeatureCollection',
    features: world.points.features.filter((p) => members.has(String(p.id))),
  };
  // the lakes on the members and around them, sorted out on the coarsest outlines: a lake's shore lies in a
  // member at every level, and the finest countries made it the costliest part of the build
  const reach = surroundingsOf(world.countries.low, members, area, []).reach;
  const lakes = scopeLakes({ type: 'FeatureCollection', features: memberFeatures('low') }, (bounds) =>
    reach.some((box) => overlaps(bounds, box)),
  );
  for (const level of LEVELS) {
    // the members and the countries around them from the same level of the same source, in one topology
    const around = surroundingsOf(world.countries[level], members, area, []);
    const regions: FeatureCollection = { type: 'FeatureCollection', features: memberFeatures(level) };
    const pixel = pixelArea(level, around.span);
    const drawn = new Joint(regions, around).level(1, pixel);
    write(`${group.id}-${level}.json`, assemble({ ...drawn, ...lakesAt(lakes, pixel), points }, QUANTIZATION[level]));
  }
  return {
    definition: {
      id: group.id,
      kind: 'group',
      name: group.name,
      regionKind: 'member countries',
      defaultLevel: group.defaultLevel,
      defaultProjection: group.projection,
      sources: WORLD.sources,
      boundaries: WORLD.boundaries,
      ownIds: [],
      members: { asOf: group.asOf, source: group.source },
      ...(group.extent ? { extent: group.extent } : {}),
    },
    regions: [...members].sort().map((id) => known.get(id)!),
  };
}

/** Every group scope, its three topology files written through `write`. */
export function buildGroups(world: WorldForGroups, write: (file: string, topology: Topology) => number): GroupScope[] {
  return [...POLITICAL_GROUPS, ...continentGroups()].map((group) => buildGroup(group, world, write));
}

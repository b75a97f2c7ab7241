// The coarser official level of the countries where ISO 3166-2 has two and users have data for both: France's
// régions over its départements, Spain's autonomous communities over its provinces, Italy's regions over its
// provinces, the United Kingdom's nations over its council areas. Each coarse unit is merged from the fine ones
// (topojson's merge over their shared arcs), so the two levels share every border.

import type { Topology } from 'topojson-specification';
import type { Admin1Feature } from './admin1-source.js';
import { TIER, type RegionDraft } from './aliases.js';
import type { RegionEntry } from './catalogue.js';
import type { CountryRegion } from './country-drafts.js';
import { englishName, ISO_NAME } from './english-names.js';
import { writeLevels } from './scope-levels.js';
import type { Surroundings } from './surroundings.js';
import { shortName } from './short-names.js';
import { scopeRegions } from './scope-from-features.js';
import { ISO_PARENT } from './subdivision-ids.js';
import { arealGeometries } from './topo-tools.js';

export interface ParentDivision {
  /** the division's name in requests' specs and file names (`FR.regions-medium.json`) */
  id: string;
  regionKind: string;
  /** what the scope's own regions are, said plainly where Natural Earth's types vary ("metropolitan department") */
  childKind: string;
}

export const PARENT_DIVISIONS: Readonly<Record<string, ParentDivision>> = {
  FR: { id: 'regions', regionKind: 'regions', childKind: 'departments' },
  ES: { id: 'communities', regionKind: 'autonomous communities', childKind: 'provinces' },
  IT: { id: 'regions', regionKind: 'regions', childKind: 'provinces' },
  GB: { id: 'nations', regionKind: 'nations', childKind: 'council areas' },
};

/** Natural Earth's name of the UK nation a council area is in. */
const UK_NATIONS: Readonly<Record<string, string>> = {
  England: 'GB-ENG',
  Scotland: 'GB-SCT',
  Wales: 'GB-WLS',
  'Northern Ireland': 'GB-NIR',
};

/**
 * The coarse unit a fine region belongs to: ISO 3166-2's topmost parent code; else Natural Earth's region code
 * (Italy's abolished provinces are in no ISO list), else for the UK its nation; a unit that is both (France's
 * overseas départements, Ceuta) is its own parent.
 */
function parentOf(regionId: string, features: Admin1Feature[], listed: ReadonlyMap<string, string>): string {
  // up to the code under the country itself: Bas-Rhin is in Alsace's European collectivity, in Grand Est
  let iso = ISO_PARENT.get(regionId);
  while (iso && ISO_PARENT.get(iso)?.includes('-')) iso = ISO_PARENT.get(iso);
  if (iso && listed.has(iso)) return iso;
  const p = features[0]!.properties as Admin1Feature['properties'] & { region_cod?: string };
  if (p.region_cod && listed.has(p.region_cod)) return p.region_cod;
  const nation = UK_NATIONS[p.geonunit ?? ''];
  if (regionId.startsWith('GB-') && nation) return nation;
  return regionId;
}

/** The names the statistics offices publish that neither ISO, CLDR nor Natural Earth writes so: ISTAT's
 *  bilingual ones, INSEE's and INE's (research of issue 32: ISTAT's regioni, INSEE's régions in
 *  @etalab/decoupage-administratif, INE's comunidades autónomas). */
const OFFICE_NAMES: Readonly<Record<string, readonly string[]>> = {
  'IT-23': ["Valle d'Aosta/Vall\u00e9e d'Aoste"],
  'IT-32': ['Trentino-Alto Adige/S\u00fcdtirol'],
  'FR-PAC': ["Provence-Alpes-C\u00f4te d'Azur"],
  'ES-IB': ['Balears, Illes'],
  'ES-CM': ['Castilla - La Mancha'],
  'ES-VC': ['Comunitat Valenciana'],
  'ES-RI': ['Rioja, La'],
};

/** Drafts of the coarse units: CLDR's English name, ISO's own name, Natural Earth's region name and the
 *  statistics office's; a unit that is one fine unit of the same id (France's overseas régions) has its spellings
 *  too ("Guyane"). */
function parentDrafts(
  parents: ReadonlyMap<string, Admin1Feature[]>,
  listed: ReadonlyMap<string, string>,
  fine: ReadonlyMap<string, RegionEntry>,
): RegionDraft[] {
  return [...parents].map(([id, features]) => {
    // Natural Earth's region of a UK council area is a statistical region ("North West"), not its nation
    const regionNames = id.startsWith('GB-')
      ? []
      : features.map((f) => (f.properties as { region?: string }).region ?? '');
    const aliases = [
      { text: id.slice(3), tier: TIER.code },
      ...[
        ISO_NAME.get(id) ?? '',
        ...new Set(regionNames),
        ...(OFFICE_NAMES[id] ?? []),
        ...(fine.get(id)?.aliases ?? []),
      ]
        .filter(Boolean)
        .map((text) => ({ text, tier: TIER.source })),
    ];
    const english = listed.has(id)
      ? englishName(id, { cldr: listed, features: features.map((f) => f.properties), formerCodes: [] })
      : undefined;
    if (english?.local) aliases.push({ text: english.local, tier: TIER.source });
    const name = english?.name ?? fine.get(id)?.name ?? ISO_NAME.get(id) ?? id;
    const short = shortName(id, name);
    if (short !== name) aliases.push({ text: name, tier: TIER.source });
    return { id, name: short, aliases };
  });
}

export interface ParentSource {
  country: string;
  /** the country scope's regions, with their source features */
  regions: CountryRegion[];
  /** CLDR's ISO 3166-2 codes of the country and their English names */
  listed: ReadonlyMap<string, string>;
  /** the regions' catalogue entries */
  entries: readonly RegionEntry[];
  /** the country's detailed topology, its geometries' ids the regions' */
  source: Topology;
  /** the land around the country */
  around: Surroundings;
}

/** The coarse units' catalogue entries and each fine unit's coarse one; their levels are written as
 *  `${country}.${division}-*.json`. */
export function buildParentDivision(
  { country, regions, listed, entries: fine, source, around }: ParentSource,
  write: (file: string, topology: Topology) => number,
): { entries: RegionEntry[]; parent: ReadonlyMap<string, string> } {
  const parent = new Map(regions.map((r) => [r.id, parentOf(r.id, r.features, listed)]));
  const members = new Map<string, Admin1Feature[]>();
  for (const r of regions) members.set(parent.get(r.id)!, [...(members.get(parent.get(r.id)!) ?? []), ...r.features]);
  const level = `${country}.${PARENT_DIVISIONS[country]!.id}`;
  const parts = new Map<string, string[]>();
  for (const r of regions) parts.set(parent.get(r.id)!, [...(parts.get(parent.get(r.id)!) ?? []), r.id]);
  const drafts = parentDrafts(members, listed, new Map(fine.map((r) => [r.id, r])));
  const scope = scopeRegions(country, drafts, level);
  const entries = scope.regions.map((entry) => ({ ...entry, parts: parts.get(entry.id)!.sort() }));
  const merged = scope.merged(source, arealGeometries(source, 'regions'), (g) => parent.get(String(g.id))!);
  writeLevels(level, source, merged, around, write);
  return { entries, parent };
}

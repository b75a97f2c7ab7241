// The coarser official level of the countries where ISO 3166-2 has two and users have data for both: France's
// régions over its départements, Spain's autonomous communities over its provinces, Italy's regions over its
// provinces, the United Kingdom's nations over its council areas. Each coarse unit is merged from the fine ones
// (topojson's merge over their shared arcs), so the two levels share every border.

import { iso31662 } from 'iso-3166';
import type { Admin1Feature } from './admin1-source.js';
import { TIER, type RegionDraft } from './aliases.js';

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
  England: 'GB-ENG', Scotland: 'GB-SCT', Wales: 'GB-WLS', 'Northern Ireland': 'GB-NIR',
};

const ISO_PARENT = new Map(iso31662.map((entry) => [entry.code, entry.parent]));
const ISO_NAME = new Map(iso31662.map((entry) => [entry.code, entry.name]));

/**
 * The coarse unit a fine region belongs to: ISO 3166-2's topmost parent code; else Natural Earth's region code
 * (Italy's abolished provinces are in no ISO list), else for the UK its nation; a unit that is both (France's
 * overseas départements, Ceuta) is its own parent.
 */
export function parentOf(regionId: string, features: Admin1Feature[], listed: ReadonlyMap<string, string>): string {
  // up to the code under the country itself: Bas-Rhin is in Alsace's European collectivity, in Grand Est
  let iso = ISO_PARENT.get(regionId);
  while (iso && ISO_PARENT.get(iso)?.includes('-')) iso = ISO_PARENT.get(iso);
  if (iso && listed.has(iso)) return iso;
  const p = features[0]!.properties as Admin1Feature['properties'] & { region_cod?: string; geonunit?: string };
  if (p.region_cod && listed.has(p.region_cod)) return p.region_cod;
  const nation = UK_NATIONS[p.geonunit ?? ''];
  if (regionId.startsWith('GB-') && nation) return nation;
  return regionId;
}

/** Drafts of the coarse units: CLDR's English name, ISO's own name and Natural Earth's region name. */
export function parentDrafts(
  parents: ReadonlyMap<string, Admin1Feature[]>, listed: ReadonlyMap<string, string>, fineNames: ReadonlyMap<string, string>,
): RegionDraft[] {
  return [...parents].map(([id, features]) => {
    // Natural Earth's region of a UK council area is a statistical region ("North West"), not its nation
    const regionNames = id.startsWith('GB-') ? [] : features.map((f) => (f.properties as { region?: string }).region ?? '');
    const aliases = [
      { text: id.slice(3), tier: TIER.code },
      ...[ISO_NAME.get(id) ?? '', ...new Set(regionNames)].filter(Boolean).map((text) => ({ text, tier: TIER.source })),
    ];
    return { id, name: listed.get(id) ?? fineNames.get(id) ?? ISO_NAME.get(id) ?? id, aliases };
  });
}

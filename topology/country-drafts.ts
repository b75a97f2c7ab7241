// The regions of one country scope: canonical ids (subdivision-ids.ts), display names and every spelling a
// user's data may carry, from Natural Earth's names (English, local, alternates, 26 languages) and CLDR's.

import type { Admin1Feature } from './admin1-source.js';
import { TIER, type RegionDraft } from './aliases.js';
import { normaliseKey } from './catalogue.js';
import { englishName } from './english-names.js';
import { cityOf, shortName } from './short-names.js';
import { primaryNames, translatedNames, type ResolvedId } from './subdivision-ids.js';

/** A HASC code as Natural Earth writes it when it has one (`DE.BY`; not `BE.` nor `GF.X00~`). */
const HASC = /^[A-Z]{2}\.[A-Z0-9]{2,3}$/;

export interface CountryRegion {
  id: string;
  iso: boolean;
  features: Admin1Feature[];
}

/** Features grouped by canonical id, in order of first appearance. */
export function groupById(features: Admin1Feature[], ids: ResolvedId[]): CountryRegion[] {
  const regions = new Map<string, CountryRegion>();
  features.forEach((feature, i) => {
    const { id, iso } = ids[i]!;
    const region = regions.get(id) ?? { id, iso, features: [] };
    region.features.push(feature);
    regions.set(id, region);
  });
  return [...regions.values()];
}

/** Natural Earth's `region` of a feature (a province's region, a London borough's "Greater London"). */
const regionOf = (features: Admin1Feature[]): string => {
  const region = (features[0]!.properties as { region?: string }).region?.trim();
  return region ? normaliseKey(region) : '';
};

/** The groups Natural Earth's `region` makes of several of the scope's regions (Italy's provinces by region). */
function groupsOf(regions: CountryRegion[]): Set<string> {
  const members = new Map<string, number>();
  for (const r of regions) {
    const group = regionOf(r.features);
    if (group) members.set(group, (members.get(group) ?? 0) + 1);
  }
  return new Set([...members].filter(([, n]) => n > 1).map(([group]) => group));
}

/**
 * The names (lookup keys) of something larger that a region's sources give it, and its display name where CLDR's
 * is one of them. A region not named as the group of several it is in (its local name or CLDR's English one:
 * Natural Earth's English name of Genoa is "Liguria") is not the group: "Liguria" is not Genoa, "Greater London"
 * none of its 33 units. The City of London is not London, though CLDR calls it so: ISO writes it "London, City
 * of", in Greater London.
 */
function largerNames(region: CountryRegion, groups: ReadonlySet<string>, cldrName: string | undefined) {
  const group = regionOf(region.features);
  const named = [region.features[0]!.properties.name, cldrName];
  const larger = new Set<string>();
  if (groups.has(group) && !named.some((n) => n && normaliseKey(n) === group)) larger.add(group);
  const city = cityOf(region.id);
  if (city && `greater ${normaliseKey(city.proper)}` === group) {
    larger.add(normaliseKey(city.proper));
    return { larger, name: city.full };
  }
  return { larger, name: null };
}

/**
 * One draft per region. The display name is CLDR's English name for an ISO code (english-names.ts where CLDR's
 * is the local one), else Natural Earth's English name. Codes: the code without its country prefix (`BY`), HASC (`DE.BY`), Natural Earth's older code
 * (`PL-SL`), and for US states the 2-digit FIPS code. Names: every Natural Earth and CLDR spelling.
 */
export function countryDrafts(
  country: string,
  regions: CountryRegion[],
  cldrNames: ReadonlyMap<string, string>,
  sourceCodes: ReadonlyMap<string, string[]>,
): RegionDraft[] {
  const groups = groupsOf(regions);
  const drafts = regions.map((region): RegionDraft => {
    const english = englishName(region.id, {
      cldr: cldrNames,
      features: region.features.map((f) => f.properties),
      formerCodes: sourceCodes.get(region.id) ?? [],
    });
    const long = english.name;
    const { larger, name: fullName } = largerNames(region, groups, cldrNames.get(region.id));
    const ours = (text: string) => !larger.has(normaliseKey(text));
    const name = fullName ?? shortName(region.id, long);
    const aliases: RegionDraft['aliases'] = name === long || !ours(long) ? [] : [{ text: long, tier: TIER.source }];
    if (english.local) aliases.push({ text: english.local, tier: TIER.source });
    // the code without its country (`BY`), also for our own ids (`PR` of US-PR) but not Natural Earth's `X01`
    if (!/^X\d+$/.test(region.id.slice(3))) aliases.push({ text: region.id.slice(3), tier: TIER.code });
    for (const { properties: p } of region.features) {
      // Natural Earth gives a few units one HASC code, so it is a spelling that may turn out ambiguous
      if (p.code_hasc && HASC.test(p.code_hasc)) aliases.push({ text: p.code_hasc, tier: TIER.source });
      if (country === 'US' && p.fips && /^US\d\d$/.test(p.fips))
        aliases.push({ text: p.fips.slice(2), tier: TIER.code });
      for (const text of primaryNames(p)) aliases.push({ text, tier: TIER.source });
      // Natural Earth gave a few units their group's translations (Genoa and Bolzano their regions', "Ligurien",
      // "Trentino-Südtirol"): a unit with one of them has none kept
      const translated = translatedNames(p);
      if (translated.every(ours)) for (const text of translated) aliases.push({ text, tier: TIER.translation });
    }
    // Natural Earth files Puerto Rico apart, with no state FIPS code
    if (region.id === 'US-PR') aliases.push({ text: '72', tier: TIER.code });
    for (const code of sourceCodes.get(region.id) ?? []) {
      aliases.push({ text: code, tier: TIER.source }, { text: code.slice(3), tier: TIER.source });
    }
    return { id: region.id, name, aliases: aliases.filter(({ text }) => ours(text)) };
  });
  return disambiguateNames(drafts);
}

/** Two units of one name (parishes named after the same saint, Virginia's Richmond city and county) keep
 *  it as an alias each and are told apart by their ids in their display names. */
export function disambiguateNames(drafts: RegionDraft[]): RegionDraft[] {
  const counts = new Map<string, number>();
  for (const d of drafts) counts.set(d.name.toLowerCase(), (counts.get(d.name.toLowerCase()) ?? 0) + 1);
  for (const d of drafts) {
    if (counts.get(d.name.toLowerCase())! > 1) {
      d.aliases.push({ text: d.name, tier: TIER.alternate });
      d.name = `${d.name} (${d.id})`;
    }
  }
  return drafts;
}

/** What one region of the scope is, from the type Natural Earth gives most of them ("states"). */
export function regionKindOf(features: Admin1Feature[]): string {
  const counts = new Map<string, number>();
  for (const f of features) {
    const type = (f.properties.type_en ?? '').toLowerCase().replace(/\s*\(.*\)$/, '');
    if (type) counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  if (!top || top[1] < features.length / 2) return 'subdivisions';
  return top[0].endsWith('y') ? `${top[0].slice(0, -1)}ies` : `${top[0]}s`;
}

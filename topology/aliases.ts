// Build-time alias bookkeeping: collects candidate spellings per region and guarantees that
// within a scope every lookup key leads to exactly one canonical id.

import { aliasKey, type RegionEntry } from './catalogue.js';
import type { ScopeDefinition } from './scopes.js';

/**
 * How strongly a spelling belongs to a region; when two regions claim the same key the lower
 * tier wins (e.g. Natural Earth's "Congo" is the Republic of the Congo, while i18n lists
 * "Congo" as an alternate for both Congos). Equal tiers make the key ambiguous: it is dropped.
 * `source` is a name a data source writes (Natural Earth, the World Bank, the UN, the IMF);
 * `translation` ranks below English alternates so that a name in another language never takes
 * an English spelling away from the country English means by it.
 */
export const TIER = { code: 0, name: 1, source: 2, alternate: 3, translation: 4 } as const;
type Tier = (typeof TIER)[keyof typeof TIER];

export interface RegionDraft {
  id: string;
  name: string;
  aliases: Array<{ text: string; tier: Tier }>;
  /** a unit drawn apart: the country it is part of (catalogue.ts RegionEntry) */
  partOf?: string;
}

export function finaliseRegions(scope: ScopeDefinition['id'], drafts: RegionDraft[]): RegionEntry[] {
  const claims = new Map<string, { tier: Tier; ids: Set<string> }>();
  const claim = (text: string, tier: Tier, id: string) => {
    const key = aliasKey(scope, text);
    const prev = claims.get(key);
    if (!prev || tier < prev.tier) claims.set(key, { tier, ids: new Set([id]) });
    else if (tier === prev.tier) prev.ids.add(id);
  };
  for (const d of drafts) {
    claim(d.id, TIER.code, d.id);
    claim(d.name, TIER.name, d.id);
    for (const a of d.aliases) claim(a.text, a.tier, d.id);
  }

  const dropped: string[] = [];
  const owner = (text: string, tier: Tier, id: string): boolean => {
    const c = claims.get(aliasKey(scope, text))!;
    if (c.ids.size === 1 && c.ids.has(id)) return true;
    const others = [...c.ids].filter((x) => x !== id).join(',');
    // Ids, codes and display names must always resolve; anything else is dropped with a note.
    if (tier <= TIER.name) throw new Error(`${scope}: "${text}" of ${id} collides with ${others}`);
    dropped.push(`"${text}" of ${id} (also ${others})`);
    return false;
  };

  const regions = drafts.map((d): RegionEntry => {
    owner(d.id, TIER.code, d.id);
    owner(d.name, TIER.name, d.id);
    // Case-insensitive exact dedupe keeps ASCII spellings visible next to accented ones.
    const seen = new Set([d.id.toLowerCase(), d.name.toLowerCase()]);
    const aliases: string[] = [];
    for (const a of [...d.aliases].sort((x, y) => x.tier - y.tier)) {
      const text = a.text.trim();
      if (!text || seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      if (owner(text, a.tier, d.id)) aliases.push(text);
    }
    return { id: d.id, name: d.name, aliases, ...(d.partOf ? { partOf: d.partOf } : {}) };
  });
  if (dropped.length) {
    const shown = dropped.slice(0, 3).join(', ');
    console.log(
      `  ${scope}: ${dropped.length} ambiguous aliases dropped: ${shown}${dropped.length > 3 ? ', ...' : ''}`,
    );
  }
  return regions.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

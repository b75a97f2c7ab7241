// A spelling that names units of two levels of one scope (a province and a region, a county and a state) names
// one of them only: a request's ids choose the level (server/request/division.ts), and a province that answers
// to its region's name ("Liguria" on Genoa, "Trentino-Alto Adige" on Bolzano, as Natural Earth's translations
// of Italy's provinces have them) turns a file of regions into "ids of two levels", or a map of one province.
// Codes are not names: a code belongs to its level's list (INSEE's `84` is a région and a département), so both
// levels keep theirs, and `division` or the request's other ids choose (server/request/division.ts).

import { aliasKey } from './catalogue.js';
import type { RegionEntry } from './catalogue.js';

/** Two levels of a scope: `parentOf` gives a fine unit's coarse unit (a département's région). */
export interface TwoLevels {
  coarse: RegionEntry[];
  fine: RegionEntry[];
  parentOf: (fineId: string) => string | undefined;
}

/** Every lookup key of a unit: its id and name (`own`) or its aliases. */
function keysOf(scope: string, r: RegionEntry): { own: Set<string>; aliases: Set<string> } {
  const own = new Set([aliasKey(scope, r.id), aliasKey(scope, r.name)]);
  return { own, aliases: new Set(r.aliases.map((a) => aliasKey(scope, a)).filter((k) => !own.has(k))) };
}

/**
 * The two levels with every spelling they share kept by the unit it means. Units of the same area share their
 * names legitimately (the province of Madrid and the Community of Madrid, Aosta and the Aosta Valley, the District
 * of Columbia as state and county): a fine unit that is its coarse unit's only one keeps them all. Otherwise a
 * unit's id or name is its own, so the other level's unit loses it as an alias; and a spelling that is an alias
 * on both levels stays with the coarse unit (a province named after its region is no province's name). A
 * spelling that is the name of units on both levels stays on both (the request's other ids decide).
 */
export function separateLevels(scope: string, { coarse, fine, parentOf }: TwoLevels): TwoLevels & { dropped: number } {
  const isCode = (alias: string) => /\d/.test(alias);
  const children = new Map<string, number>();
  for (const r of fine) {
    const parent = parentOf(r.id);
    if (parent) children.set(parent, (children.get(parent) ?? 0) + 1);
  }
  const sameArea = (fineId: string, coarseId: string) =>
    fineId === coarseId || (parentOf(fineId) === coarseId && children.get(coarseId) === 1);

  const coarseKeys = new Map(coarse.map((r) => [r.id, keysOf(scope, r)]));
  const fineKeys = new Map(fine.map((r) => [r.id, keysOf(scope, r)]));
  /** key → the units of a level it is an own key of, or an alias of */
  const index = (keys: Map<string, ReturnType<typeof keysOf>>, kind: 'own' | 'aliases') => {
    const out = new Map<string, string[]>();
    for (const [id, k] of keys) for (const key of k[kind]) out.set(key, [...(out.get(key) ?? []), id]);
    return out;
  };
  const [coarseOwn, coarseAliases, fineOwn] = [
    index(coarseKeys, 'own'),
    index(coarseKeys, 'aliases'),
    index(fineKeys, 'own'),
  ];

  let dropped = 0;
  /** whether no unit but one of the same area claims the key */
  const unclaimed = (claimedBy: string[], same: (other: string) => boolean) => {
    const free = claimedBy.every(same);
    if (!free) dropped++;
    return free;
  };
  const fineOut = fine.map((r) => ({
    ...r,
    aliases: r.aliases.filter((alias) => {
      if (isCode(alias)) return true;
      const key = aliasKey(scope, alias);
      const claimedBy = [...(coarseOwn.get(key) ?? []), ...(coarseAliases.get(key) ?? [])];
      return fineKeys.get(r.id)!.own.has(key) || unclaimed(claimedBy, (other) => sameArea(r.id, other));
    }),
  }));
  const coarseOut = coarse.map((r) => ({
    ...r,
    aliases: r.aliases.filter((alias) => {
      if (isCode(alias)) return true;
      const key = aliasKey(scope, alias);
      return coarseKeys.get(r.id)!.own.has(key) || unclaimed(fineOwn.get(key) ?? [], (other) => sameArea(other, r.id));
    }),
  }));
  return { coarse: coarseOut, fine: fineOut, parentOf, dropped };
}

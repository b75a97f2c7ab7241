// Short display names for subdivisions whose English name (CLDR's) is an official long form: "Navarra Chartered
// Community", "Madrid Autonomous Community", "Prague, Hlavní mešto". ISO 3166-2 writes such names inverted, the
// name proper before the comma and the kind of unit after it ("Navarra, Comunidad Foral de"), which tells the
// name proper from the designator without guessing at any language's grammar: a map label, a legend or a tooltip
// shows "Navarra". The long form stays a spelling the data may use (an alias).
import { iso31662 } from 'iso-3166';

/** ISO 3166-2's inverted form: the name proper, a comma, the kind of unit; nothing in two languages (`/`). */
const INVERTED = /^([^,;/]+), ([^,;/]+)$/;

/** The codes ISO names inverted: their name proper and kind of unit. */
const INVERTED_ISO = new Map(
  iso31662.flatMap(({ code, name }) => {
    const parts = name.match(INVERTED);
    return parts ? [[code, { proper: parts[1], kind: parts[2] }] as const] : [];
  }),
);

/** A unit ISO names "London, City of": its name proper and its full name, "City of London". */
export function cityOf(id: string): { proper: string; full: string } | null {
  const iso = INVERTED_ISO.get(id);
  return iso?.kind === 'City of' ? { proper: iso.proper!, full: `City of ${iso.proper}` } : null;
}

/** English designators CLDR appends to the name proper, which the short form leaves out. Only these: an English
 *  remainder of other words ("San Andrés & Providencia") is part of the name. */
const DESIGNATOR = /^(?:(?:Autonomous|Chartered|Foral|Capital|Metropolitan) )*(?:Community|Region|Province|City)$/;

/** The short display name of the ISO 3166-2 subdivision `id` named `name`, or `name` when it is no long form. */
export function shortName(id: string, name: string): string {
  const iso = INVERTED_ISO.get(id);
  if (!iso) return name;
  const { proper, kind } = iso;
  // "Murcia Region" for "Murcia, Región de"; the name proper as ISO spells it may differ ("Praha"), so the
  // English one is kept
  if (name.startsWith(`${proper} `) && DESIGNATOR.test(name.slice(proper.length + 1))) return proper;
  // CLDR's own inverted form, with ISO's designator after the comma: "Prague, Hlavní mešto" for "Praha, Hlavní město"
  const own = name.match(INVERTED);
  if (own && own[2].split(' ')[0] === kind.split(' ')[0]) return own[1];
  return name;
}

// The place index: some 140,000 places held in typed arrays and two strings rather than as objects (an object of
// ten fields each would take some 40 MiB more, docs/places.md), searched by binary search over the sorted keys.
// A key is a spelling of a place folded for search (placeKey); each word of a key starts a key of its own too, so
// that `york` finds New York. Best match first: a whole key equal to the query, then a key starting with it, then
// a word of a key starting with it; equal matches by weight (a city's people; see place-sources.ts), where a match
// on one of a place's alternate names counts a twentieth of its weight.
import { normaliseKey } from '../../topology/catalogue.ts';
import { PLACE_KINDS, type PlaceKind, type SourcePlace } from './place-sources.ts';

/** Case, accents (the catalogue's normaliseKey) and punctuation folded: `Saint-Étienne` and `saint etienne` are
 *  one key. */
export function placeKey(raw: string): string {
  const key = normaliseKey(raw);
  // most names are plain words already: the Unicode classes are the slow part of folding
  return /^[a-z0-9]+(?: [a-z0-9]+)*$/.test(key) ? key : key.replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim();
}

const NEWLINE = 10;
/** Matches looked at for one query at most: a one-letter query starts some 100,000 keys; ranking that many would
 *  take tens of milliseconds, and such a query is a person still typing. */
const MAX_SCANNED = 20_000;
/** What a match on an alternate name counts of its place's weight. A city's other names hold names of other
 *  places: `York` is one of Toronto's (2.6 million people), `Roma` is Rome's and a town in Queensland's (6,000). A
 *  twentieth puts York (150,000) before Toronto and Rome (2.3 million) before Roma. */
const ALTERNATE_SHARE = 1 / 20;

export enum Match {
  WordPrefix = 1,
  Prefix = 2,
  Exact = 3,
}

export interface Found {
  place: number;
  match: Match;
  /** the match is on one of the place's alternate names (and on none of its own better or as well) */
  alternate: boolean;
}

export interface SearchFilter {
  kind?: PlaceKind;
  /** ISO 3166-1 alpha-2, upper case */
  country?: string;
  /** region ids of the country scopes (`US-TX`): places in any of them */
  regions?: string[];
}

/** What an index is made of, as `PlaceIndex.parts` gives it and `PlaceIndex.from` takes it back: typed arrays and
 *  strings, which a file holds as they are (index-file.ts). */
export interface IndexParts {
  kinds: Uint8Array;
  lats: Float64Array;
  lons: Float64Array;
  weights: Float64Array;
  countries: Uint16Array;
  regions: Int32Array;
  textStarts: Uint32Array;
  keyStarts: Uint32Array;
  keyOwners: Uint32Array;
  keyAlternates: Uint8Array;
  countryCodes: string[];
  regionIds: string[];
  text: string;
  keyText: string;
}

export class PlaceIndex {
  readonly size: number;
  private readonly kinds: Uint8Array;
  private readonly lats: Float64Array;
  private readonly lons: Float64Array;
  private readonly weights: Float64Array;
  private readonly countries: Uint16Array;
  private readonly regions: Int32Array;
  private readonly countryCodes: string[];
  private readonly regionIds: string[];
  /** each place's name then its id, one after the other; place i's at textStarts[2i] … textStarts[2i + 2] */
  private readonly text: string;
  private readonly textStarts: Uint32Array;
  /** every key followed by a newline */
  private readonly keyText: string;
  /** the positions in keyText where a key or a word of one starts, in the order of the text from there */
  private readonly keyStarts: Uint32Array;
  /** the place of each of keyStarts */
  private readonly keyOwners: Uint32Array;
  /** 1 where the key of keyStarts is one of its place's alternate names */
  private readonly keyAlternates: Uint8Array;

  /** An index of the places `feed` gives (it calls `add` with every place: the places are taken in one at a time,
   *  never all held as objects), or the one `parts` hold. */
  constructor(source: ((add: (place: SourcePlace) => void) => void) | IndexParts) {
    if (typeof source !== 'function') {
      this.size = source.kinds.length;
      ({
        kinds: this.kinds,
        lats: this.lats,
        lons: this.lons,
        weights: this.weights,
        countries: this.countries,
        regions: this.regions,
        textStarts: this.textStarts,
        keyStarts: this.keyStarts,
        keyOwners: this.keyOwners,
        keyAlternates: this.keyAlternates,
        countryCodes: this.countryCodes,
        regionIds: this.regionIds,
        text: this.text,
        keyText: this.keyText,
      } = source);
      return;
    }
    const feed = source;
    const [kinds, lats, lons, weights, countries, regions, textStarts]: number[][] = [[], [], [], [], [], [], []];
    const countryAt = new Map<string, number>();
    const regionAt = new Map<string, number>();
    const texts: string[] = [];
    const keys: string[] = [];
    const starts: number[] = [];
    const owners: number[] = [];
    const alternates: number[] = [];
    let textLength = 0;
    let keyLength = 0;
    feed((p) => {
      const i = kinds.length;
      kinds.push(PLACE_KINDS.indexOf(p.kind));
      lats.push(p.lat);
      lons.push(p.lon);
      weights.push(p.weight);
      if (!countryAt.has(p.country)) countryAt.set(p.country, countryAt.size);
      countries.push(countryAt.get(p.country)!);
      if (p.region && !regionAt.has(p.region)) regionAt.set(p.region, regionAt.size);
      regions.push(p.region ? regionAt.get(p.region)! : -1);
      texts.push(p.name, p.id);
      textStarts.push(textLength, (textLength += p.name.length));
      textLength += p.id.length;
      const spellings = new Map<string, number>();
      for (const name of [p.name, ...p.also]) spellings.set(placeKey(name), 0);
      for (const name of p.alternates ?? []) {
        const key = placeKey(name);
        if (!spellings.has(key)) spellings.set(key, 1);
      }
      for (const [key, alternate] of spellings) {
        if (!key) continue;
        for (let at = 0; at >= 0; at = key.indexOf(' ', at) + 1 || -1) {
          starts.push(keyLength + at);
          owners.push(i);
          alternates.push(alternate);
        }
        keys.push(key, '\n');
        keyLength += key.length + 1;
      }
    });
    textStarts.push(textLength);
    this.size = kinds.length;
    this.kinds = Uint8Array.from(kinds);
    this.lats = Float64Array.from(lats);
    this.lons = Float64Array.from(lons);
    this.weights = Float64Array.from(weights);
    this.countries = Uint16Array.from(countries);
    this.regions = Int32Array.from(regions);
    this.textStarts = Uint32Array.from(textStarts);
    this.text = texts.join('');
    this.keyText = keys.join('');
    this.countryCodes = [...countryAt.keys()];
    this.regionIds = [...regionAt.keys()];
    // sorted by the keys' text (sliced strings, sharing keyText's characters), a newline-free key before any
    // longer key it starts, as lowerBound reads them
    const text = starts.map((start) => this.keyText.slice(start, this.keyText.indexOf('\n', start)));
    const order = Uint32Array.from(starts.keys()).sort((a, b) =>
      text[a]! < text[b]! ? -1 : text[a]! > text[b]! ? 1 : a - b,
    );
    this.keyStarts = Uint32Array.from(order, (o) => starts[o]!);
    this.keyOwners = Uint32Array.from(order, (o) => owners[o]!);
    this.keyAlternates = Uint8Array.from(order, (o) => alternates[o]!);
  }

  /** What the index is made of, for a file to hold (index-file.ts). */
  parts(): IndexParts {
    const { kinds, lats, lons, weights, countries, regions, textStarts, keyStarts, keyOwners, keyAlternates } = this;
    const { countryCodes, regionIds, text, keyText } = this;
    return {
      ...{ kinds, lats, lons, weights, countries, regions, textStarts, keyStarts, keyOwners, keyAlternates },
      ...{ countryCodes, regionIds, text, keyText },
    };
  }

  /** The first of keyStarts whose key is not before `key`. */
  private lowerBound(key: string): number {
    let [lo, hi] = [0, this.keyStarts.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = this.keyStarts[mid]!;
      const end = this.keyText.indexOf('\n', start);
      if (this.keyText.slice(start, Math.min(end, start + key.length + 1)) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The places with a key matching `key` (already placeKey'd), best first, at most `limit`. */
  search(key: string, filter: SearchFilter, limit: number): Found[] {
    if (!key) return [];
    const kind = filter.kind === undefined ? -1 : PLACE_KINDS.indexOf(filter.kind);
    const country = filter.country === undefined ? -1 : this.countryCodes.indexOf(filter.country);
    if (filter.country !== undefined && country < 0) return [];
    const regions = filter.regions && new Set(filter.regions.map((r) => this.regionIds.indexOf(r)));
    const best = new Map<number, Found>();
    const first = this.lowerBound(key);
    const last = Math.min(this.keyStarts.length, first + MAX_SCANNED);
    for (let k = first; k < last; k++) {
      const start = this.keyStarts[k]!;
      if (!this.keyText.startsWith(key, start)) break;
      const place = this.keyOwners[k]!;
      if ((kind >= 0 && this.kinds[place] !== kind) || (country >= 0 && this.countries[place] !== country)) continue;
      if (regions && !regions.has(this.regions[place]!)) continue;
      const whole = start === 0 || this.keyText.charCodeAt(start - 1) === NEWLINE;
      const match = !whole
        ? Match.WordPrefix
        : this.keyText.charCodeAt(start + key.length) === NEWLINE
          ? Match.Exact
          : Match.Prefix;
      const alternate = this.keyAlternates[k] === 1;
      const was = best.get(place);
      if (!was || match > was.match || (match === was.match && was.alternate && !alternate))
        best.set(place, { place, match, alternate });
    }
    const weight = (f: Found) => this.weights[f.place]! * (f.alternate ? ALTERNATE_SHARE : 1);
    const before = (a: Found, b: Found) =>
      b.match - a.match ||
      weight(b) - weight(a) ||
      (this.name(a.place) < this.name(b.place) ? -1 : this.name(a.place) > this.name(b.place) ? 1 : 0) ||
      a.place - b.place;
    // the best `limit` kept in order as the matches come, rather than all of them sorted: a short prefix matches
    // up to MAX_SCANNED places, and sorting them all took 15 to 20 ms where most are compared once, with the last
    const top: Found[] = [];
    for (const found of best.values()) {
      if (top.length === limit && before(found, top[limit - 1]!) >= 0) continue;
      let at = top.length === limit ? limit - 1 : top.length;
      while (at > 0 && before(found, top[at - 1]!) < 0) {
        top[at] = top[at - 1]!;
        at--;
      }
      top[at] = found;
    }
    return top;
  }

  name = (i: number) => this.text.slice(this.textStarts[2 * i], this.textStarts[2 * i + 1]);
  id = (i: number) => this.text.slice(this.textStarts[2 * i + 1], this.textStarts[2 * i + 2]);
  kind = (i: number): PlaceKind => PLACE_KINDS[this.kinds[i]!]!;
  lat = (i: number) => this.lats[i]!;
  lon = (i: number) => this.lons[i]!;
  /** ISO 3166-1 alpha-2, or '' */
  country = (i: number) => this.countryCodes[this.countries[i]!]!;
  /** a region id of the country's scope, or '' */
  region = (i: number) => (this.regions[i]! < 0 ? '' : this.regionIds[this.regions[i]!]!);
}

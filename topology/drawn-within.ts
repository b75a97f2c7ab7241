// Territories with an ISO 3166-1 code of their own that `world` draws as part of another region, because Natural
// Earth's admin-0 polygons do (checked against the built world at each level: a point of each lies in the region
// named here). Data sets list them apart (the UN's and the World Bank's tables list Réunion, Mayotte, Tokelau), so
// a row of theirs is not a misspelling: it is left out, and the answer says which region draws it and that its
// own scope draws it apart (`scope=FR` has Réunion).
import { normaliseKey } from './catalogue.ts';

/** Each territory: the region of `world` that draws it, then its alpha-2, alpha-3 and numeric codes and names. */
const WORLD_PARTS: Array<[within: string, ...spellings: string[]]> = [
  ['FR', 'RE', 'REU', '638', 'Réunion', 'La Réunion'],
  ['FR', 'GP', 'GLP', '312', 'Guadeloupe'],
  ['FR', 'MQ', 'MTQ', '474', 'Martinique'],
  ['FR', 'GF', 'GUF', '254', 'French Guiana', 'Guyane', 'Guyane française'],
  ['FR', 'YT', 'MYT', '175', 'Mayotte'],
  ['NO', 'SJ', 'SJM', '744', 'Svalbard and Jan Mayen', 'Svalbard & Jan Mayen', 'Svalbard', 'Jan Mayen'],
  ['NO', 'BV', 'BVT', '074', 'Bouvet Island'],
  ['IOA', 'CX', 'CXR', '162', 'Christmas Island'],
  ['IOA', 'CC', 'CCK', '166', 'Cocos (Keeling) Islands', 'Cocos Islands'],
  ['NZ', 'TK', 'TKL', '772', 'Tokelau'],
  ['NL', 'BQ', 'BES', '535', 'Bonaire, Sint Eustatius and Saba', 'Caribbean Netherlands', 'Bonaire'],
];

const WITHIN = new Map(
  WORLD_PARTS.flatMap(([within, ...spellings]) => spellings.map((s) => [normaliseKey(s), within] as const)),
);

/** The region of `scope` that draws the territory `raw` names, when the scope does not draw it apart. */
export function drawnWithin(scope: string, raw: string): string | undefined {
  return scope === 'world' ? WITHIN.get(normaliseKey(raw)) : undefined;
}

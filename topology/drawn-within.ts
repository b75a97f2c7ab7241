// Territories with an ISO 3166-1 code of their own that `world` draws as part of another region, because Natural
// Earth's admin-0 polygons do (checked against the built world at each level: a point of each lies in the region
// named here). Data sets list them apart (the UN's and the World Bank's tables list Réunion, Mayotte, Tokelau), so
// a row of theirs is not a misspelling: it is left out, and the answer says which region draws it and that its
// own scope draws it apart (`scope=FR` has Réunion). On `US`, Connecticut's nine planning regions likewise: the
// Census Bureau's tables list them in place of its eight counties from 2022 on (ACS 2022), and the county
// boundaries (us-atlas, Census 2017) have the counties; a row of theirs is Connecticut's, drawn by no county.
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

/** Connecticut's planning regions by FIPS code, as the Census Bureau names them (`Capitol Planning Region`). */
const CONNECTICUT_PLANNING_REGIONS: Array<[fips: string, name: string]> = [
  ['09110', 'Capitol'],
  ['09120', 'Greater Bridgeport'],
  ['09130', 'Lower Connecticut River Valley'],
  ['09140', 'Naugatuck Valley'],
  ['09150', 'Northeastern Connecticut'],
  ['09160', 'Northwest Hills'],
  ['09170', 'South Central Connecticut'],
  ['09180', 'Southeastern Connecticut'],
  ['09190', 'Western Connecticut'],
];

const US_PARTS: Array<[within: string, ...spellings: string[]]> = CONNECTICUT_PLANNING_REGIONS.map(([fips, name]) => [
  'US-CT',
  fips,
  `${name} Planning Region`,
  `${name} Planning Region, Connecticut`,
]);

const byScope = (parts: Array<[within: string, ...spellings: string[]]>) =>
  new Map(parts.flatMap(([within, ...spellings]) => spellings.map((s) => [normaliseKey(s), within] as const)));
const WITHIN: Record<string, Map<string, string>> = { world: byScope(WORLD_PARTS), US: byScope(US_PARTS) };

/** The region of `scope` that draws the territory `raw` names, when the scope does not draw it apart: on the US's
 *  counties, Connecticut's planning regions are within Connecticut (US-CT), the state its counties make up. */
export function drawnWithin(scope: string, raw: string): string | undefined {
  return WITHIN[scope]?.get(normaliseKey(raw));
}

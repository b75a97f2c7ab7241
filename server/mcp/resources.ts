// The resources: the grammar and the lists describe_options returns, at the URIs the hosted service's server gives
// them (`maproll://grammar`, `maproll://catalog/<kind>`, `maproll://examples`), so that a prompt written for one
// reads the other's; and worked examples, each a request in words with the tool calls that answer it.
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { catalogue } from './catalogues.ts';
import { ToolError, type MapService } from './map-service.ts';
import type { DescribeKind } from './tool-schemas.ts';

const LISTS: Array<[DescribeKind, string, string]> = [
  ['scopes', 'Scopes', 'Every extent a map can have: the world, the groups, the countries and their regions.'],
  ['themes', 'Themes', 'The colour themes.'],
  ['icons', 'Marker icons', 'The icon names a marker takes; a name not listed is refused.'],
  ['projections', 'Projections', 'The projections, and which scopes each suits.'],
  ['patterns', 'Pattern fills', 'Textures to hatch a category onto a choropleth.'],
];

const uriOf = (kind: DescribeKind) => (kind === 'grammar' ? 'maproll://grammar' : `maproll://catalog/${kind}`);

export const RESOURCES: Resource[] = [
  {
    uri: uriOf('grammar'),
    name: 'grammar',
    title: 'Map URL grammar',
    description: 'Every parameter a map URL takes, what it means and how it is written.',
    mimeType: 'application/json',
  },
  ...LISTS.map(([kind, title, description]) => ({
    uri: uriOf(kind),
    name: kind,
    title,
    description,
    mimeType: 'application/json',
  })),
  {
    uri: 'maproll://examples',
    name: 'examples',
    title: 'Worked examples',
    description: 'Requests in words, each with the tool calls that answer it.',
    mimeType: 'application/json',
  },
];

/** The examples: the three of the README, each a different idiom. */
const EXAMPLES = [
  {
    request: 'Coffee consumption per capita for the ten biggest drinkers',
    idiom: 'A choropleth: numbers by country on scope world, the unit in the subtitle and the legend.',
    calls: [
      {
        tool: 'create_map',
        args: {
          scope: 'world',
          title: 'The ten biggest coffee drinkers',
          subtitle: 'Coffee consumed per person per year, kg',
          legendTitle: 'kg per person',
          values: [
            { id: 'FI', value: 12 },
            { id: 'NO', value: 9.9 },
            { id: 'IS', value: 9 },
            { id: 'DK', value: 8.7 },
            { id: 'NL', value: 8.4 },
            { id: 'SE', value: 8.2 },
            { id: 'CH', value: 7.9 },
            { id: 'BE', value: 6.8 },
            { id: 'LU', value: 6.5 },
            { id: 'CA', value: 6.5 },
          ],
        },
      },
    ],
  },
  {
    request: 'The EU member states on a light map',
    idiom: 'Which countries, not how much: the group scope EU draws its members highlighted, without a legend.',
    calls: [{ tool: 'create_map', args: { scope: 'EU', theme: 'light', title: 'The European Union', legend: false } }],
  },
  {
    request: 'The sea route from Shanghai to Rotterdam with the ports marked',
    idiom: 'Places found first, then a sea route between them (through Malacca and Suez) and a marker on each.',
    calls: [
      { tool: 'find_places', args: { query: 'Shanghai', kind: 'port' } },
      { tool: 'find_places', args: { query: 'Rotterdam', kind: 'port' } },
      { tool: 'create_map', args: { scope: 'world', theme: 'light', title: 'Shanghai to Rotterdam by sea' } },
      {
        tool: 'add_layers',
        args: {
          map: '<the svg_url create_map returned>',
          routes: [{ from: '31.23,121.47', to: '51.92,4.48', sea: true, arrow: true }],
          markers: [
            { lat: 31.23, lon: 121.47, icon: 'anchor', label: 'Shanghai' },
            { lat: 51.92, lon: 4.48, icon: 'anchor', label: 'Rotterdam' },
          ],
        },
      },
    ],
  },
];

export async function readResource(service: MapService, uri: string): Promise<ReadResourceResult> {
  const kind = [...LISTS.map(([k]) => k), 'grammar' as const].find((k) => uriOf(k) === uri);
  const body = kind ? await catalogue(kind, service) : uri === 'maproll://examples' ? EXAMPLES : undefined;
  if (body === undefined) throw new ToolError(`no resource ${uri}`);
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(body, null, 2) }] };
}

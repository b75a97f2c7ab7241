// The JSON bodies of the answers: the error body, /render/spec's normalised request and /scopes' scopes.
import { LEVELS, PROJECTIONS, SCOPE_KINDS } from '../../shared/lists.ts';
import { WORLD, WORLDVIEWS } from '../../topology/scopes.ts';
import { ref, type JsonSchema } from '../request/field-meta.ts';
import { errorSchema } from './error-responses.ts';

/** The JSON response bodies other than errors. */
export function responseSchemas(): Record<string, JsonSchema> {
  const world = WORLD;
  return {
    Error: errorSchema(),
    SpecResponse: {
      type: 'object',
      description: 'What a render request normalises to, without rendering it.',
      required: ['spec', 'etag', 'description', 'warnings', 'suggestions', 'drawnWithin', 'get', 'store'],
      properties: {
        spec: {
          type: 'object',
          description:
            'The normalised request handed to the renderer: every default filled in, ids and enumerations canonical, lists sorted.',
        },
        etag: { type: 'string', description: 'The ETag the map would be served with.' },
        description: {
          type: 'string',
          description:
            "The map in words, as the SVG's `<desc>` and the PNG's Description text chunk carry it: `alt`, or a description " +
            'written from the data (kind of map, how many regions have data, the highest and the lowest with names and values, ' +
            'what has none). Sentences in English; names and numbers in `locale`.',
        },
        warnings: {
          type: 'object',
          required: ['unknownIds', 'unknownRoutes'],
          properties: {
            unknownIds: {
              type: 'array',
              items: { type: 'string' },
              description: 'Ids the scope does not know, as written.',
            },
            unknownRoutes: {
              type: 'array',
              items: { type: 'string' },
              description: 'Routes with an unknown end, as `from>to`.',
            },
            unknownPlaces: {
              type: 'array',
              items: { type: 'string' },
              description:
                "Markers' place names that name no place, as written (those markers are left out). Absent when none.",
            },
            skippedLines: {
              type: 'array',
              items: { type: 'string' },
              description:
                'With a table body: its lines above and below the table that were not read (a title, "Last Updated Date", footnotes), as ranges (`1-4`). Absent when none were.',
            },
          },
        },
        suggestions: {
          type: 'array',
          description:
            'For each of the first 50 unknown ids, the closest id the scope knows by spelling (id, name or alias, a few edits ' +
            'away), where there is one: `Germny` → `DE`. None for a code of digits (FIPS, M49): a digit off is another place.',
          items: {
            type: 'object',
            required: ['given', 'id'],
            properties: { given: { type: 'string' }, id: { type: 'string' } },
          },
        },
        drawnWithin: {
          type: 'array',
          description:
            'The unknown ids that name a territory this scope draws as part of another region, with that region: ' +
            '`Réunion` → `FR` on `world`, whose France includes it; a Connecticut planning region (2022) → `US-CT` on ' +
            "the US's counties of 2017. Their value cannot be shown on this scope; a territory with a scope of its own " +
            'is drawn there (`scope=FR`).',
          items: {
            type: 'object',
            required: ['given', 'id'],
            properties: { given: { type: 'string' }, id: { type: 'string' } },
          },
        },
        get: {
          type: ['string', 'null'],
          description:
            'An equivalent GET URL path (e.g. `/map.svg?scope=world&data=US:200`), or null when the request cannot be written as GET ' +
            '(shapes, marker colours or rotation, grammar separators inside texts) or its URL would be over the 16 KB this service reads (3,000 US counties): then `store` says what to do instead.',
        },
        store: {
          type: ['object', 'null'],
          description: 'When `get` is null: the request to POST to `/maps` for permanent URLs instead; else null.',
          required: ['why', 'method', 'path', 'contentType', 'body'],
          properties: {
            why: {
              type: 'string',
              description: 'Why there is no GET URL.',
              example: 'its GET URL would be 38512 bytes, over the 16384 this service reads',
            },
            method: { const: 'POST' },
            path: { const: '/maps' },
            contentType: { const: 'application/json' },
            body: {
              ...ref('RenderRequest'),
              description: 'The request as a JSON body (a CSV body as the JSON its rows make).',
            },
          },
        },
        table: {
          type: 'object',
          description:
            'A table body (CSV, TSV, text) only: how it was read, so that a wrong column or a row left out shows before the map is used.',
          required: ['columns', 'idColumn', 'valueColumn', 'colorColumn', 'rows', 'skippedRows', 'skippedCount'],
          properties: {
            columns: {
              type: 'array',
              items: { type: 'string' },
              description: "Each column's name as its header writes it; its number from 1 in a table without a header.",
            },
            idColumn: { type: 'integer', description: 'The column of region ids, numbered from 1.' },
            valueColumn: { type: ['integer', 'null'], description: 'The column of values, numbered from 1.' },
            colorColumn: { type: ['integer', 'null'], description: 'The column of colours, numbered from 1.' },
            rows: { type: 'integer', description: "The table's rows, the lines around it not counted." },
            skippedRows: {
              type: 'array',
              description:
                'The first 100 rows the map leaves out, in file order: their id is no region of the scope (`unknown id`), or ' +
                'their value cell says there is none (`no value`: empty, `NA`, `..`, `-`; the region is drawn as No data).',
              items: {
                type: 'object',
                required: ['line', 'id', 'reason'],
                properties: {
                  line: { type: 'integer' },
                  id: { type: 'string' },
                  reason: { enum: ['unknown id', 'no value'] },
                  cell: { type: 'string', description: 'The value cell as written, for `no value`.' },
                  within: {
                    type: 'string',
                    description:
                      'For an `unknown id` that names a territory this scope draws as part of another region: that ' +
                      "region's id (`Réunion` within `FR` on `world`; `scope=FR` draws Réunion apart).",
                  },
                },
              },
            },
            skippedCount: { type: 'integer', description: 'How many rows were left out in all.' },
          },
        },
      },
    },
    ScopeSummary: {
      type: 'object',
      required: [
        'id',
        'kind',
        'name',
        'regionKind',
        'levels',
        'defaultLevel',
        'defaultProjection',
        'attribution',
        'regionCount',
        'boundaries',
        'ownIds',
        'divisions',
      ],
      properties: {
        id: { type: 'string', description: "`world`, or a country's ISO 3166-1 alpha-2 code." },
        kind: { type: 'string', enum: [...SCOPE_KINDS] },
        name: { type: 'string' },
        regionKind: { type: 'string', description: 'What one region is: countries, counties.' },
        levels: { type: 'array', items: { type: 'string', enum: [...LEVELS] } },
        defaultLevel: { type: 'string', enum: [...LEVELS] },
        defaultProjection: { type: 'string', enum: [...PROJECTIONS] },
        attribution: { type: 'string', description: 'The credit line drawn on the map.' },
        regionCount: { type: 'integer', minimum: 0 },
        boundaries: ref('Boundaries'),
        ownIds: {
          type: 'array',
          items: { type: 'string' },
          description:
            'Ids of our own, stable across releases, for units ISO 3166 does not list (all other ids are ISO codes).',
        },
        members: {
          type: 'object',
          required: ['asOf', 'source'],
          description:
            "A group's membership: the date (or edition) the member list is true for, and where it comes from.",
          properties: { asOf: { type: 'string' }, source: { type: 'string' } },
        },
        extent: {
          type: 'array',
          items: { type: 'number' },
          minItems: 4,
          maxItems: 4,
          description:
            'The box [west, south, east, north] the map is fitted to unless `bbox` says otherwise, where the regions reach ' +
            "far beyond what a map of the scope shows (Europe's Russia to the Pacific); east past 180 crosses the antimeridian.",
        },
        worldviews: {
          type: 'array',
          items: { type: 'string', enum: WORLDVIEWS.filter((w) => w !== 'un') },
          description:
            'The worldviews other than the default `un` whose lines differ on this scope (`de-facto`: Crimea in Russia); ' +
            '`worldview` changes only these scopes. Absent where every worldview draws the same map.',
        },
        divisions: {
          type: 'array',
          description:
            "The scope's other official level, where it has one: France's `regions` over its départements, Spain's `communities`, " +
            "Italy's `regions`, the UK's `nations`, the US `counties` (5-digit FIPS ids). A request draws the level its ids belong to; " +
            "ids of two levels in one request are a 400. `GET /scopes/{scope}` lists each division's regions too.",
          items: {
            type: 'object',
            required: ['id', 'regionKind', 'attribution', 'regionCount', 'boundaries'],
            properties: {
              id: { type: 'string' },
              regionKind: { type: 'string' },
              attribution: { type: 'string' },
              regionCount: { type: 'integer', minimum: 0 },
              boundaries: ref('Boundaries'),
            },
          },
        },
      },
      examples: [
        {
          id: world.id,
          kind: world.kind,
          name: world.name,
          regionKind: world.regionKind,
          levels: [...LEVELS],
          defaultLevel: world.defaultLevel,
          defaultProjection: world.defaultProjection,
          attribution: world.sources,
          regionCount: 254,
          boundaries: world.boundaries,
          ownIds: [],
          divisions: [],
        },
      ],
    },
    Boundaries: {
      type: 'object',
      required: ['source', 'licence'],
      description: 'Where the boundaries come from, and under what licence.',
      properties: { source: { type: 'string' }, licence: { type: 'string' } },
    },
    ScopeDetail: {
      allOf: [ref('ScopeSummary')],
      type: 'object',
      required: ['regions'],
      properties: { regions: { type: 'array', items: ref('RegionEntry') } },
    },
    RegionEntry: {
      type: 'object',
      required: ['id', 'name', 'aliases'],
      properties: {
        id: { type: 'string', description: 'The canonical id, as labels and `data-id` show it.' },
        name: { type: 'string' },
        aliases: {
          type: 'array',
          items: { type: 'string' },
          description: 'Other spellings accepted for the id (case-insensitive).',
        },
        partOf: {
          type: 'string',
          description:
            "A unit drawn apart from the country ISO 3166 counts it in (Somaliland: `SO`): it takes that country's value unless the data gives it its own.",
        },
        parts: {
          type: 'array',
          items: { type: 'string' },
          description: "A division's unit (a French région): the ids of the scope's regions it is made of.",
        },
      },
      examples: [{ id: 'RO-CJ', name: 'Cluj', aliases: ['CJ', 'RO.CJ', 'Cluj'] }],
    },
  };
}

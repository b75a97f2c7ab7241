// The map tools' arguments (server/mcp/map-arguments.ts) as the render request the service normalises: the hosted
// service's shapes (`values` with `category`, `highlight`, `bbox` as text, `extra`, a route's `sea`, an
// annotation's `text`) read into the request's own, and a map URL read back by the service's GET parser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addLayersRequest, createMapRequest } from '../../server/mcp/map-arguments.ts';
import { ToolError, type MapService } from '../../server/mcp/map-service.ts';
import { CREATE_MAP_INPUT } from '../../server/mcp/tool-schemas.ts';
import { requestSchemas } from '../../server/openapi/request-schema.ts';

test("create_map's arguments become the request's fields", () => {
  const request = createMapRequest({
    scope: 'world',
    values: [
      { id: 'US', category: 'NATO', color: '#112233' },
      { id: 'CN', category: 'BRICS' },
    ],
    highlight: ['IN'],
    title: 'Blocs',
    bbox: '-20,30,40,60',
    extra: { labelContent: 'name', patterns: 'US:stripes', title: 'Two blocs' },
  });
  assert.deepEqual(request, {
    scope: 'world',
    regions: [{ id: 'US', value: 'NATO', color: '#112233' }, { id: 'CN', value: 'BRICS' }, { id: 'IN' }],
    title: 'Two blocs',
    bbox: ['-20', '30', '40', '60'],
    labelContent: 'name',
    patterns: [{ id: 'US', pattern: 'stripes' }],
  });
});

test('a value item with both a value and a category, or neither, is refused naming it', () => {
  for (const item of [{ id: 'US', value: 1, category: 'a' }, { id: 'US' }]) {
    assert.throws(
      () => createMapRequest({ scope: 'world', values: [{ id: 'CN', value: 2 }, item] }),
      (error: unknown) => error instanceof ToolError && error.field === 'values[1]',
    );
  }
});

/** A service that holds one stored map, as add_layers asks it for a stored map's request. */
const STORED_ID = 'AbCdEfGhIjKlMnOpQrStUv';
const service = {
  storedRequest: async (id: string) => {
    if (id !== STORED_ID) throw new ToolError(`no map is stored as ${id}`, 'map', 'not_found');
    return { scope: 'world', title: 'Coffee; kg per person', regions: [{ id: 'FI', value: 12 }] };
  },
} as unknown as MapService;

test("add_layers reads the map's URL, drops its signature and appends", async () => {
  const request = await addLayersRequest(service, {
    map: 'https://maps.example.org/map.svg?scope=world&data=US:200&markers=1,2:pin&src=mcp&k=abc&t=def',
    markers: [{ lat: 44.43, lon: 26.1, label: 'Bucharest' }],
    routes: [{ from: '31.23,121.47', to: 'NL', sea: true }],
    annotations: [{ id: 'US', text: 'Largest' }],
    labels: 'ISO',
  });
  assert.deepEqual(request, {
    scope: 'world',
    regions: [{ id: 'US', value: 200 }],
    markers: [
      { lat: '1', lon: '2', icon: 'pin' },
      { lat: 44.43, lon: 26.1, label: 'Bucharest' },
    ],
    routes: [{ from: '31.23,121.47', to: 'NL', mode: 'sea', fromLatLon: [31.23, 121.47] }],
    annotations: [{ id: 'US', annotation: 'Largest' }],
    labels: 'ISO',
  });
  await assert.rejects(
    addLayersRequest(service, { map: 'https://maps.example.org/maps/abc' }),
    (error: unknown) => error instanceof ToolError && error.field === 'map',
  );
});

test("add_layers on a stored map's URL appends to the request stored under its id", async () => {
  const request = await addLayersRequest(service, {
    map: `https://maps.example.org/maps/${STORED_ID}.svg`,
    markers: [{ place: 'Helsinki', label: 'Helsinki' }],
  });
  assert.deepEqual(request, {
    scope: 'world',
    title: 'Coffee; kg per person',
    regions: [{ id: 'FI', value: 12 }],
    markers: [{ place: 'Helsinki', label: 'Helsinki' }],
  });
  await assert.rejects(
    addLayersRequest(service, { map: `https://maps.example.org/maps/${STORED_ID.replace('A', 'B')}.png` }),
    (error: unknown) => error instanceof ToolError && error.code === 'not_found',
  );
});

test("create_map's fields take the request schema's own JSON Schema", () => {
  const request = requestSchemas().RenderRequest!.properties as Record<string, unknown>;
  const properties = CREATE_MAP_INPUT.properties as Record<string, unknown>;
  for (const name of ['scope', 'theme', 'projection', 'width', 'breaks', 'legendLayout'])
    assert.deepEqual(properties[name], request[name], name);
});

// The `source` line through HTTP: printed as given in the footer before the boundary credit, on one line,
// legible on every theme, there without the credit too; refused when too long or holding a control character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document } from '@xmldom/xmldom';
import { serviceForTests } from './support/service.ts';
import { mapRequests, post } from './support/map-requests.ts';
import { all, root } from './support/svg.ts';
import { contrast } from './support/color.ts';
import { themes } from '../renderer-page/themes/index.ts';
import type { ThemeName } from '../renderer-page/spec.ts';

const service = serviceForTests();
const { svg } = mapRequests(service);

/** The footer's lines, left to right as drawn. */
const footer = (doc: Document) =>
  all(doc, 'g')
    .filter((g) => g.getAttribute('data-layer') === 'attribution')
    .flatMap((g) => all(doc, 'text').filter((t) => t.parentNode === g));

test('the source is printed as given in the footer, before the credit and on its line', async () => {
  const { doc } = await svg('/map.svg?scope=world&data=US:1&source=Source:%20Eurostat%202025');
  const [source, credit] = footer(doc);
  assert.equal(source.textContent, 'Source: Eurostat 2025');
  assert.equal(credit.textContent, 'Made with Natural Earth');
  assert.ok(Number(source.getAttribute('x')) < Number(credit.getAttribute('x')), 'at the left of the credit');
  assert.equal(source.getAttribute('y'), credit.getAttribute('y'), 'on the same line');
  assert.equal(source.getAttribute('font-size'), credit.getAttribute('font-size'));

  const posted = (await svg('/render/map', post(JSON.stringify({ scope: 'DE', source: 'Destatis, 2024' })))).doc;
  assert.equal(footer(posted)[0].textContent, 'Destatis, 2024');
});

test('the source stays when the credit is turned off, and without a source the footer is as before', async () => {
  const { doc } = await svg('/map.svg?scope=world&attribution=false&source=Source:%20World%20Bank');
  assert.deepEqual(
    footer(doc).map((t) => t.textContent),
    ['Source: World Bank'],
  );
  const bare = (await svg('/map.svg?scope=world&attribution=false')).doc;
  assert.deepEqual(footer(bare), []);
});

test('a source too long for the line is shortened with an ellipsis, on one line', async () => {
  const long = 'Source: Eurostat, regional accounts (nama_10r_2gdp), national statistical institutes, 2025 release';
  const { doc } = await svg(`/map.svg?scope=world&width=320&source=${encodeURIComponent(long)}`);
  const [source, credit] = footer(doc);
  const text = source.textContent ?? '';
  assert.ok(text.endsWith('…') && long.startsWith(text.slice(0, -1)), text);
  assert.ok(text.length > 10, 'still says something');
  assert.equal(credit.textContent, 'Made with Natural Earth', 'the credit is kept whole');
  assert.equal(Number(root(doc).getAttribute('width')), 320);
});

test('the source is legible on every theme', async () => {
  for (const name of Object.keys(themes) as ThemeName[]) {
    const { doc } = await svg(`/map.svg?scope=world&width=400&theme=${name}&source=Source:%20ONS`);
    const [source] = footer(doc);
    const fill = source.getAttribute('fill') ?? '';
    assert.ok(contrast(fill, themes[name].background) >= 3, `${name}: ${fill} on ${themes[name].background}`);
  }
});

test('a source over 160 characters or holding a control character is a 400 naming source and the rule', async () => {
  const cases: Array<[string, RegExp]> = [
    [`source=${'x'.repeat(161)}`, /source must be at most 160 characters/],
    ['source=a%07b', /source must be one line of text without control characters/],
    ['source=line%0Abreak', /source must be one line of text without control characters/],
    ['source=tab%09here', /source must be one line of text without control characters/],
    ['source=c1%C2%85control', /source must be one line of text without control characters/],
  ];
  for (const [query, message] of cases) {
    const response = await fetch(`${service.url}/map.svg?scope=world&${query}`);
    const body = (await response.json()) as { error: string; field: string; message: string };
    assert.equal(response.status, 400, query);
    assert.deepEqual([body.error, body.field], ['invalid_field', 'source'], query);
    assert.match(body.message, message);
    assert.equal(response.headers.get('etag'), null, 'nothing rendered or cached');
  }
  const posted = await fetch(`${service.url}/render/map`, post(JSON.stringify({ scope: 'world', source: 'x\u0000' })));
  assert.equal(posted.status, 400);
  assert.equal(((await posted.json()) as { field: string }).field, 'source');
  // 160 characters are fine
  assert.equal((await fetch(`${service.url}/map.svg?scope=world&source=${'x'.repeat(160)}`)).status, 200);
});

// The preview page (GET /) in a real Chromium against the real service: it draws the map in the page with
// the renderer bundle, shows the ETag, GET URL, warnings and errors, follows edits, and loads the gallery.
// One browser and one page, reused by every test in order.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startService, type TestService } from './support/service.ts';
import { themes } from '../renderer-page/themes/index.ts';

let service: TestService;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

before(async () => {
  service = await startService();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
after(async () => {
  await browser?.close();
  await service?.close();
});

const QUERY = 'scope=world&data=US:200,CN:150&theme=light';

/** Waits for the page to settle after a render was asked for (it sets data-state=loading synchronously). */
async function settled(state: 'ready' | 'error' = 'ready'): Promise<void> {
  await page.locator(`html[data-state="${state}"]`).waitFor({ state: 'attached' });
}
const fillOf = (selector: string) => page.locator(selector).first().getAttribute('fill');
const usFill = () => fillOf('#map svg path[data-id="US"]');
const backgroundFill = () => fillOf('#map svg g[data-layer="background"] > rect');
const text = (selector: string) => page.locator(selector).innerText();

async function editQuery(query: string): Promise<void> {
  await page.click('#tab-query');
  await page.fill('#query', query);
  await page.press('#query', 'Control+Enter');
}

test('opens a /map.svg query string and draws that map in the page, with its ETag and GET URL', async () => {
  await page.goto(`${service.url}/?${QUERY}`);
  await page.waitForSelector('#map svg');
  await settled();
  assert.equal(await page.inputValue('#query'), QUERY);
  const display = (selector: string) =>
    page.evaluate(`getComputedStyle(document.querySelector('${selector}')).display`);
  assert.equal(await display('.layout'), 'grid', 'the layout stylesheet (preview.css) is applied');
  assert.equal(await display('.gallery'), 'grid', 'the outputs stylesheet (preview-outputs.css) is applied');
  assert.equal(await page.inputValue('#ctl-theme'), 'light', "the quick control shows the query's theme");
  assert.equal(
    await usFill(),
    themes.light.sequential[4],
    "US, the largest value, takes the light ramp's strongest colour",
  );
  assert.ok(themes.light.sequential.includes((await fillOf('#map svg path[data-id="CN"]')) ?? ''));
  assert.equal(await backgroundFill(), themes.light.background);

  const served = await fetch(`${service.url}/map.svg?${QUERY}`);
  assert.equal(served.status, 200);
  const etag = served.headers.get('etag');
  assert.ok(etag);
  assert.equal(await text('#etag'), etag, 'the ETag shown is the one /map.svg serves');

  const getUrl = await page.inputValue('#get-url');
  assert.ok(getUrl.startsWith(`${service.url}/map.svg?`), `absolute GET URL: ${getUrl}`);
  const viaGet = await fetch(getUrl);
  assert.equal(viaGet.status, 200);
  assert.equal(viaGet.headers.get('etag'), etag, 'the GET URL draws the same map');
  // the snippet's alt is the map's own description
  assert.equal(
    await page.inputValue('#img-tag'),
    `<img src="${getUrl.replace(/&/g, '&amp;')}" alt="Choropleth map of World. 2 of 254 regions have data. ` +
      'Highest: United States (200); lowest: China (150). 252 regions have no data.">',
  );
  assert.equal(await page.inputValue('#curl'), `curl -o map.svg '${getUrl}'`);
  assert.equal(await page.locator('#post-note').isVisible(), false);
  assert.equal(await text('#warnings'), 'None');

  // the downloads are the real endpoints
  const png = await fetch(service.url + (await page.getAttribute('#download-png', 'href')));
  assert.equal(png.status, 200);
  assert.equal(png.headers.get('content-type'), 'image/png');
  assert.equal(await page.getAttribute('#download-svg', 'href'), `/map.svg?${QUERY}`);
});

test('a quick control edits the query string, the address and the map', async () => {
  const before = await text('#etag');
  await page.selectOption('#ctl-theme', 'dark');
  await settled();
  assert.equal(await page.inputValue('#query'), QUERY.replace('theme=light', 'theme=dark'));
  assert.ok(page.url().endsWith('theme=dark'), `the address follows: ${page.url()}`);
  assert.notEqual(await text('#etag'), before);
  assert.equal(await usFill(), themes.dark.sequential[4], 'US now takes the dark ramp');
  assert.equal(await backgroundFill(), themes.dark.background);

  // the editor, with Ctrl+Enter
  await editQuery(`${QUERY}&width=800`);
  await settled();
  assert.equal(await page.getAttribute('#map svg', 'width'), '800');
  assert.equal(await page.inputValue('#ctl-width'), '800');
  assert.equal(await backgroundFill(), themes.light.background);
});

test("a bad request shows the service's error next to the editor and dims the old map; fixing it brings the map back", async () => {
  await editQuery('scope=world&data=US:1,CN&theme=light');
  await settled('error');
  const expected = (await (await fetch(`${service.url}/render/spec?scope=world&data=US:1,CN&theme=light`)).json()) as {
    message: string;
  };
  const box = page.locator('#error[role="alert"]');
  assert.equal(await box.isVisible(), true);
  const shown = await box.innerText();
  assert.ok(shown.includes(expected.message), `the server's message: ${shown}`);
  assert.match(shown, /400 invalid_data/);
  assert.match(shown, /field: data/);
  assert.equal(await page.getAttribute('#map-frame', 'data-state'), 'error', 'the old map is marked out of date');
  assert.equal(await page.locator('#stale-note').isVisible(), true);
  assert.equal(await page.locator('#outputs').isVisible(), false, 'no ETag or URL of another request is left showing');

  await editQuery('scope=world&data=US:1,CN:2&theme=neon');
  await settled('error');
  assert.match(await box.innerText(), /invalid_theme[\s\S]*theme must be one of[\s\S]*field: theme/);
  assert.equal(await page.getAttribute('#ctl-theme', 'aria-invalid'), 'true', 'the theme control is marked');

  await page.selectOption('#ctl-theme', 'light');
  await settled();
  assert.equal(await box.isVisible(), false);
  assert.equal(await page.getAttribute('#map-frame', 'data-state'), 'ready');
  assert.equal(await usFill(), themes.light.sequential[0]);
  assert.equal(await page.locator('#outputs').isVisible(), true);
});

test('unknown ids are listed as warnings', async () => {
  await editQuery('scope=world&data=US:1,ZZ:2&theme=light');
  await settled();
  assert.match(await text('#warnings'), /Unknown ids:\s*ZZ/);
  assert.equal(await page.locator('#map svg path[data-id="US"]').count(), 1);
});

const scopeOption = (label: string) => page.locator('#ctl-scope-list [role="option"]', { hasText: label });

test('the scope picker finds a country as it is typed; picking it edits the query and draws that country', async () => {
  await editQuery('scope=world&theme=light');
  await settled();
  // the scope list loads once, with the page (the check runs in the page: a string, as this program has no DOM types)
  await page.waitForFunction(`document.querySelector('#ctl-scope')?.value === 'World (world)'`);
  await page.click('#ctl-scope');
  await page.keyboard.type('germ');
  assert.equal(await page.getAttribute('#ctl-scope', 'aria-expanded'), 'true');
  const germany = scopeOption('Germany (DE)');
  await germany.waitFor();
  assert.match(await germany.innerText(), /16 states/);
  assert.equal(await germany.getAttribute('aria-selected'), 'true', 'the best match is active, so Enter would pick it');
  assert.equal(await page.getAttribute('#ctl-scope', 'aria-activedescendant'), await germany.getAttribute('id'));
  assert.equal(await page.locator('#ctl-scope-list [role="group"]').count(), 1, 'only countries fit');

  await germany.click();
  await settled();
  assert.equal(await page.inputValue('#query'), 'scope=DE&theme=light');
  assert.equal(await page.getAttribute('#ctl-scope', 'aria-expanded'), 'false');
  assert.equal(await page.inputValue('#ctl-scope'), 'Germany (DE)');
  const ids = await page
    .locator('#map svg path[data-id^="DE-"]')
    .evaluateAll((paths) => paths.map((p) => p.getAttribute('data-id')));
  assert.equal(new Set(ids).size, 16, `the 16 states: ${ids.join(' ')}`);
  assert.match(
    await text('#ctl-scope-info'),
    /Boundaries: Natural Earth .*Licence: .*public domain/,
    'where the outlines come from',
  );

  // a scope the list does not know is still shown, as the editor holds it
  await editQuery('scope=ZZ');
  await settled('error');
  assert.equal(await page.inputValue('#ctl-scope'), 'ZZ (?)');
  assert.equal(await page.getAttribute('#ctl-scope', 'aria-invalid'), 'true');
});

test('the place search adds a marker: Paris, Texas picked over Paris, France lands in Texas, an airport with its icon', async () => {
  await editQuery('scope=world&theme=light');
  await settled();
  await page.click('#ctl-place');
  await page.keyboard.type('Paris');
  const options = page.locator('#ctl-place-list [role="option"]');
  await options.first().waitFor();
  assert.match(await options.first().innerText(), /Paris[\s\S]*France/, 'the capital first');
  // a city is listed with its region: the Parises of the United States tell themselves apart
  const texas = options.filter({ hasText: 'Texas, United States' }).first();
  await texas.click();
  await settled();
  const query = await page.inputValue('#query');
  const [, lat, lon] = /markers=([\d.-]+)%2C([\d.-]+)%3Apin%3AParis/.exec(query) ?? [];
  assert.ok(Math.abs(Number(lat) - 33.66) < 0.1 && Math.abs(Number(lon) + 95.56) < 0.1, query);
  assert.equal(await page.locator('#map svg g[data-layer="markers"] > g').count(), 1, 'the marker is drawn');
  assert.equal(await page.inputValue('#ctl-place'), '', 'the search is cleared for the next place');

  // an airport by its IATA code, appended with the airport icon; Enter picks the best match
  await page.click('#ctl-place');
  await page.keyboard.type('OTP');
  await page.locator('#ctl-place-list [role="option"][aria-selected="true"]').waitFor();
  await page.keyboard.press('Enter');
  await settled();
  assert.match(decodeURIComponent(await page.inputValue('#query')), /Paris;44\.5[\d]*,26\.0[\d]*:airport:/);
  assert.equal(await page.locator('#map svg g[data-layer="markers"] > g').count(), 2);
});

test('typing EU in the scope picker offers the European Union group; Enter picks it and its membership date shows', async () => {
  await editQuery('scope=world&theme=light');
  await settled();
  await page.click('#ctl-scope');
  await page.keyboard.type('EU');
  const eu = scopeOption('European Union (EU)');
  await eu.waitFor();
  assert.equal(
    await page.locator('#ctl-scope-list .combo-label').first().textContent(),
    'European Union (EU)',
    'the exact id comes first',
  );
  assert.equal(await page.locator('#ctl-scope-list .combo-heading').first().textContent(), 'Groups', 'under its kind');

  // Escape closes the list and keeps the scope; Enter picks the active option
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute('#ctl-scope', 'aria-expanded'), 'false');
  assert.equal(await page.inputValue('#ctl-scope'), 'World (world)');
  await page.fill('#ctl-scope', 'eu');
  await page.keyboard.press('Enter');
  await settled();
  assert.equal(await page.inputValue('#query'), 'scope=EU&theme=light');
  assert.match(await text('#ctl-scope-info'), /Members as of 2020-02-01/);
});

test('a POST gallery entry loads into the JSON editor and is drawn, with the note that it needs POST', async () => {
  await page.click('#gallery button[data-id="shapes"]');
  await settled();
  assert.equal(await page.getAttribute('#tab-json', 'aria-selected'), 'true');
  assert.match(await page.inputValue('#json'), /"FeatureCollection"/);
  assert.equal(await page.locator('#map svg g[data-layer="shapes"]').count(), 1, 'the shapes layer is drawn');
  assert.equal((await page.locator('#map svg g[data-layer="shapes"] > *').count()) >= 3, true);
  assert.equal(await page.locator('#post-note').isVisible(), true);
  assert.match(await text('#post-note'), /needs POST/);
  assert.equal(await page.locator('#get-row').isVisible(), false, 'no GET URL is offered');
  const curl = await page.inputValue('#curl');
  assert.match(
    curl,
    /^curl -o map\.svg -H 'content-type: application\/json' -d '\{"scope":"world",.*"FeatureCollection".*\}' http:\/\/127\.0\.0\.1:\d+\/render\/map$/,
  );

  // the ETag shown is the one POST /render/map answers with
  const body = JSON.parse(await page.inputValue('#json')) as Record<string, unknown>;
  const posted = await fetch(`${service.url}/render/map`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(posted.status, 200);
  assert.equal(await text('#etag'), posted.headers.get('etag'));

  // PNG download through POST /render/map
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-png')]);
  assert.equal(download.suggestedFilename(), 'map.png');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  assert.deepEqual([...Buffer.concat(chunks).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG');

  // reload keeps the body (the address carries it)
  await page.reload();
  await page.waitForSelector('#map svg g[data-layer="shapes"]');
  await settled();
  assert.equal(await page.getAttribute('#tab-json', 'aria-selected'), 'true');
});

test('format, quality and transparent controls edit the query; the GET URL asks for that format', async () => {
  await page.goto(`${service.url}/?${QUERY}`);
  await settled();
  assert.equal(await page.locator('#ctl-quality').isVisible(), false, 'an SVG has no quality');
  await page.selectOption('#ctl-format', 'webp');
  await settled();
  assert.equal(await page.locator('#ctl-quality').isVisible(), true);
  await page.fill('#ctl-quality', '60');
  await page.press('#ctl-quality', 'Tab');
  await settled();
  await page.check('#ctl-transparent');
  await settled();
  assert.equal(await page.inputValue('#query'), `${QUERY}&format=webp&quality=60&transparent=true`);
  const getUrl = await page.inputValue('#get-url');
  assert.equal(
    getUrl,
    `${service.url}/map.webp?scope=world&theme=light&transparent=true&quality=60&data=CN:150,US:200`,
  );
  const served = await fetch(getUrl);
  assert.equal(served.headers.get('content-type'), 'image/webp');
  assert.equal(await page.locator('#map svg g[data-layer="background"] > rect').count(), 0, 'drawn without its canvas');
});

test('a pasted table is drawn; its rows left out are listed with why; the column pickers choose idColumn and valueColumn', async () => {
  await page.goto(`${service.url}/?scope=europe&theme=light&data=DE:1`);
  await settled();
  await page.click('#tab-table');
  await settled();
  assert.equal(await page.inputValue('#query'), 'scope=europe&theme=light', 'the regions come from the table');
  // as a spreadsheet's cells are copied: tab-separated, a name column, two years
  await page.fill(
    '#table',
    'Country\tCode\t2022\t2023\nGermany\tDE\t3.1\t3.0\nSpain\tES\t12.9\t12.2\nPoland\tPL\t:\t2.8\nEuro area\tEA20\t6.8\t6.5',
  );
  await page.press('#table', 'Control+Enter');
  await settled('error');
  assert.match(await text('#error-message'), /2 columns of numbers \(2022, 2023\).*valueColumn/);

  await page.selectOption('#table-value', { label: '4: 2023' });
  await settled();
  assert.equal(await page.inputValue('#query'), 'scope=europe&theme=light&valueColumn=4');
  assert.match(await text('#table-read'), /^4 rows; ids from “Country”, values from “2023”; 1 not drawn with a value:/);
  assert.deepEqual(await page.locator('#skipped-rows li').allInnerTexts(), [
    'line 5, Euro area: no region of this scope: left out',
  ]);
  assert.equal(await page.inputValue('#table-id'), '', 'the id column is still the service’s guess');
  assert.match(await page.locator('#table-id option[value=""]').innerText(), /as guessed \(Country\)/);
  assert.equal(
    await fillOf('#map svg path[data-id="ES"]'),
    themes.light.sequential[4],
    'Spain, the highest 2023 value',
  );

  await page.selectOption('#table-value', { label: '3: 2022' });
  await settled();
  assert.deepEqual(await page.locator('#skipped-rows li').allInnerTexts(), [
    'line 4, Poland: no value (“:”): drawn as No data',
    'line 5, Euro area: no region of this scope: left out',
  ]);
  assert.match(
    await page.inputValue('#curl'),
    /--data-binary @table\.csv '.*\/render\/map\?scope=europe&theme=light&valueColumn=3'$/,
  );

  // a reload keeps the table (the address carries it)
  await page.reload();
  await settled();
  assert.equal(await page.getAttribute('#tab-table', 'aria-selected'), 'true');
  assert.match(await page.inputValue('#table'), /^Country\tCode/);
});

test('the page raised no script errors', () => {
  assert.deepEqual(pageErrors, []);
});

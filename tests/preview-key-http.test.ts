// The preview page with keys (DECISIONS §12), in a real Chromium against the real service: under ACCESS=keys it
// asks for a key and draws nothing without one; with a key it draws, and the links it offers are signed in the
// browser (WebCrypto) so that the service verifies them over plain HTTP, and only for their own query; a refused key
// is shown in the service's words. Under ACCESS=watermark the key field is offered; under ACCESS=open it is not.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { closedAfterTests } from './support/service.ts';
import { mintKey } from '../server/access/key-tokens.ts';
import { themes } from '../renderer-page/themes/index.ts';

const SECRET = 'test-secret-of-at-least-32-characters!';
const PREFIX = 'mr_live_';
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;
const KEY = mintKey({ id: 'preview1', owner: 'newsroom', expires: inDays(30) }, SECRET, PREFIX);
const FOREIGN = mintKey(
  { id: 'other', owner: 'someone', expires: inDays(30) },
  'another-secret-of-32-characters-or-more',
  PREFIX,
);
const EXPIRED = mintKey({ id: 'old', owner: 'newsroom', expires: inDays(-1) }, SECRET, PREFIX);

const { service } = closedAfterTests();
const keys = service({ access: 'keys', keySecrets: [SECRET] });
const watermark = service({ access: 'watermark', keySecrets: [SECRET] });
const open = service({});

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  // a context of its own, whose pages share storage as a browser's tabs do
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
after(() => browser?.close());

// a title with a space, quotes, `<>` and non-ASCII: what a browser encodes is signed encoded
const QUERY = 'scope=world&data=US:200,CN:150&theme=light&title=Größe "of" <GDP>';

async function settled(state: 'ready' | 'error'): Promise<void> {
  await page.locator(`html[data-state="${state}"]`).waitFor({ state: 'attached' });
}
const keyState = () => page.getAttribute('#key-form', 'data-key-state');
const usFill = () => page.locator('#map svg path[data-id="US"]').first().getAttribute('fill');

const stored = (on: Page, storage: 'sessionStorage' | 'localStorage') =>
  on.evaluate(`${storage}.getItem('map-preview-key')`);

async function enterKey(key: string, remember = false): Promise<void> {
  await page.fill('#key-input', key);
  await page.setChecked('#key-remember', remember);
  await page.click('#key-form button[type="submit"]');
}

test('ACCESS=keys: without a key the page asks for one and draws no map', async () => {
  const { url } = await keys;
  await page.goto(`${url}/?${QUERY}`);
  await settled('error');
  assert.equal(await page.locator('#key-form').isVisible(), true, 'the key field is shown');
  assert.equal(await keyState(), 'needed');
  assert.equal(await page.getAttribute('#key-input', 'type'), 'password');
  assert.match(await page.innerText('#key-why'), /draws maps only for its keys/);
  assert.match(await page.innerText('#error'), /401 unauthorized/);
  assert.equal(await page.locator('#map svg').count(), 0, 'no map');
  assert.equal(await page.locator('#outputs').isVisible(), false, 'no links to copy');
});

test('with the key the map draws; the links offered are signed, verify over plain HTTP, and only for their query', async () => {
  const { url } = await keys;
  await enterKey(KEY);
  await settled('ready');
  // the query as typed, not as the address bar encoded it
  await page.fill('#query', QUERY);
  await page.press('#query', 'Control+Enter');
  await settled('ready');
  assert.equal(await page.inputValue('#query'), QUERY);
  assert.equal(await usFill(), themes.light.sequential[4], "US takes the light ramp's strongest colour");
  assert.equal(await keyState(), 'held');
  assert.match(
    await page.innerText('#key-status'),
    /Using the key of newsroom, valid until \d{1,2} [A-Z][a-z]{2} \d{4}\./,
  );
  assert.equal(await stored(page, 'sessionStorage'), KEY, 'kept for this tab');
  assert.equal(await stored(page, 'localStorage'), null, 'not on the device');

  const getUrl = await page.inputValue('#get-url');
  assert.match(getUrl, /&k=[\w-]+&t=[\w-]{43}$/, `signed: ${getUrl}`);
  for (const shown of [getUrl, await page.inputValue('#img-tag'), await page.inputValue('#curl'), page.url()])
    assert.ok(!shown.includes(KEY.split('.')[1]!), `the key's signature is in no link: ${shown}`);
  const served = await fetch(getUrl);
  assert.equal(served.status, 200, await served.clone().text());
  const svg = await served.text();
  assert.match(svg, new RegExp(`data-id="US"[^>]*fill="${themes.light.sequential[4]}"`), 'the map, US in its colour');
  assert.match(svg, /Größe &quot;of&quot; &lt;GDP&gt;|Größe "of" &lt;GDP&gt;/, 'the title as typed');
  const tampered = getUrl.replace('US:200', 'US:201').replace('US%3A200', 'US%3A201');
  assert.notEqual(tampered, getUrl);
  const refused = await fetch(tampered);
  assert.equal(refused.status, 403, 'one parameter changed: the signature no longer matches');
  assert.equal(((await refused.json()) as { error: string }).error, 'forbidden');
  assert.equal((await fetch(getUrl.replace(/&k=.*$/, ''))).status, 401, 'the same URL unsigned');

  // the downloads are signed GET URLs too, their query as typed (encoded as the browser sends it)
  for (const format of ['png', 'svg']) {
    const href = (await page.getAttribute(`#download-${format}`, 'href')) ?? '';
    assert.match(href, /title=Gr%C3%B6%C3%9Fe%20%22of%22%20%3CGDP%3E&k=[\w-]+&t=[\w-]+$/, 'encoded, then signed');
    const download = await fetch(url + href);
    assert.equal(download.status, 200, `${href}: ${await download.clone().text()}`);
    assert.match(download.headers.get('content-type') ?? '', new RegExp(format));
  }
  // the curl command for a POST sends the key from the shell, never written out
  await page.click('#tab-json');
  await settled('ready');
  assert.match(await page.inputValue('#curl'), /-H "Authorization: Bearer \$MAP_KEY"/);
  await page.click('#tab-query');
  await settled('ready');
});

test("the gallery's GET thumbnails load signed", async () => {
  await page.locator('#gallery').scrollIntoViewIfNeeded();
  const thumb = page.locator('#gallery img[src^="/map.svg?"]').first();
  await thumb.waitFor({ state: 'attached' });
  assert.match((await thumb.getAttribute('src')) ?? '', /&k=[\w-]+&t=[\w-]+$/);
  await page.waitForFunction(
    `(() => { const img = document.querySelector('#gallery img[src^="/map.svg?"]'); return img.complete && img.naturalWidth > 0; })()`,
    undefined,
    { timeout: 20_000 },
  );
  // an <img> of a refusal would be the error picture, whose answer says so
  const { url } = await keys;
  const answer = await fetch(url + (await thumb.getAttribute('src')));
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('x-map-error'), null);
  await page.evaluate('window.scrollTo(0, 0)');
});

test("a wrong or expired key: the page says why in the service's words, and draws no map", async () => {
  for (const [key, message] of [
    [FOREIGN, 'the key is not one of this service'],
    [EXPIRED, 'the key has expired'],
  ] as const) {
    await enterKey(key);
    await settled('error');
    assert.equal(await keyState(), 'refused');
    assert.equal(await page.locator('#key-status').innerText(), `The service refused the key: ${message}`);
    assert.match(await page.innerText('#error'), new RegExp(`403 forbidden\\s+${message}`));
    assert.equal(await page.locator('#stale-note').isVisible(), true, 'the last map only dimmed, marked out of date');
    assert.equal(await page.getAttribute('#key-input', 'aria-invalid'), 'true');
  }
});

test('"Remember on this device" keeps the key in localStorage: a new visit draws at once; "Forget" asks again', async () => {
  const { url } = await keys;
  await enterKey(KEY, true);
  await settled('ready');
  assert.equal(await stored(page, 'localStorage'), KEY);
  assert.equal(await stored(page, 'sessionStorage'), null);
  const another = await page.context().newPage();
  await another.goto(`${url}/?scope=world&data=US:200,CN:150&theme=light`);
  await another.locator('html[data-state="ready"]').waitFor({ state: 'attached' });
  assert.equal((await another.locator('#map svg path[data-id="US"]').count()) > 0, true);
  assert.equal(await another.getAttribute('#key-form', 'data-key-state'), 'held');
  await another.close();

  await page.click('#key-forget');
  await settled('error');
  assert.equal(await keyState(), 'needed');
  assert.equal(await stored(page, 'localStorage'), null);
  assert.equal(await page.inputValue('#key-input'), '');
});

test('ACCESS=watermark: the key field is offered; with a key the map has no logo and its links are signed', async () => {
  const { url } = await watermark;
  // what the page learns it from: RFC 7235's WWW-Authenticate on an answer the key would change, with RFC 6750's
  // error_description when a key was not taken
  const map = `${url}/map.svg?scope=world`;
  assert.equal((await fetch(map)).headers.get('www-authenticate'), 'Bearer');
  assert.equal(
    (await fetch(map, { headers: { authorization: `Bearer ${EXPIRED}` } })).headers.get('www-authenticate'),
    'Bearer error="invalid_token", error_description="the key has expired"',
  );
  assert.equal(
    (await fetch(map, { headers: { authorization: `Bearer ${KEY}` } })).headers.get('www-authenticate'),
    null,
  );
  assert.equal((await fetch(`${url}/scopes`)).headers.get('www-authenticate'), null, 'only on what a key changes');
  await page.goto(`${url}/?scope=world&data=US:200,CN:150&theme=light`);
  await settled('ready');
  assert.equal(await keyState(), 'optional');
  assert.match(await page.innerText('#key-why'), /logo/);
  assert.match((await page.textContent('#spec-json')) ?? '', /"logo": true/, 'drawn with the logo');
  // a request the service refuses for another reason says nothing about keys: the field stays
  await page.fill('#query', 'scope=world&data=US:1,CN');
  await page.press('#query', 'Control+Enter');
  await settled('error');
  assert.equal(await keyState(), 'optional');
  assert.equal(await page.locator('#key-form').isVisible(), true);
  await page.fill('#query', 'scope=world&data=US:200,CN:150&theme=light');
  await page.press('#query', 'Control+Enter');
  await settled('ready');
  await enterKey(FOREIGN);
  await settled('ready');
  assert.equal(await keyState(), 'optional');
  assert.match(await page.innerText('#key-status'), /did not take the key: the key is not one of this service/);
  await enterKey(KEY);
  await settled('ready');
  assert.equal(await keyState(), 'held');
  assert.doesNotMatch((await page.textContent('#spec-json')) ?? '', /"logo": true/, 'no logo with a key');
  const getUrl = await page.inputValue('#get-url');
  assert.match(getUrl, /&k=[\w-]+&t=[\w-]+$/);
  assert.equal((await fetch(getUrl)).headers.get('www-authenticate'), null, 'the signed link is taken');
  await page.click('#key-forget');
  await settled('ready');
});

test('ACCESS=open: no key field, links unsigned, as before keys', async () => {
  const { url } = await open;
  await page.goto(`${url}/?scope=world&data=US:200,CN:150&theme=light`);
  await settled('ready');
  assert.equal(await usFill(), themes.light.sequential[4]);
  assert.equal(await page.locator('#key-form').isVisible(), false);
  assert.doesNotMatch(await page.inputValue('#get-url'), /[?&][kt]=/);
});

test('the page raised no script errors', () => {
  assert.deepEqual(pageErrors, []);
});

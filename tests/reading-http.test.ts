// Locale, number format, label content and the description through HTTP: what a client sends and gets back,
// and the 400 that names a bad field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceForTests } from './support/service.ts';
import { mapRequests, post } from './support/map-requests.ts';
import { legendEntries, tooltip } from './support/svg.ts';

const service = serviceForTests();
const { svg, expectError } = mapRequests(service);

test('a German map by GET: separators in the legend and tooltips, and the description', async () => {
  const { doc, response } = await svg('/map.svg?scope=world&data=DE:21500.5,FR:1234567,RO:980.25&locale=de');
  assert.equal(response.status, 200);
  // three values, three classes, each labelled by its value
  assert.deepEqual(legendEntries(doc), ['980,25', '21.500,5', '1.234.567', 'No data']);
  assert.equal(tooltip(doc, 'RO')?.endsWith(': 980,25'), true);
  assert.match(doc.getElementsByTagName('desc')[0].textContent ?? '', /Highest: .+ \(1\.234\.567\)/);
});

test('/render/spec answers the description, the canonical locale and its number style', async () => {
  const response = await fetch(
    `${service.url}/render/spec?scope=RO&data=RO-CJ:3,RO-B:10&locale=DE-de&numberFormat=,.1f&labelContent=name-value`,
  );
  const body = (await response.json()) as {
    description: string;
    spec: { locale: string; numberLocale: { decimal: string }; labelContent: string };
    get: string;
  };
  assert.equal(response.status, 200);
  assert.equal(body.spec.locale, 'de-DE');
  assert.equal(body.spec.numberLocale.decimal, ',');
  assert.equal(body.spec.labelContent, 'name-value');
  assert.match(
    body.description,
    /^Choropleth map of Rumänien\. .+ Highest: Bukarest \(10,0\); lowest: Kreis Cluj \(3,0\)\./,
  );
  assert.match(body.get, /locale=de-DE/);
  assert.match(body.get, /numberFormat=,\.1f/);
  const alt = await fetch(`${service.url}/render/spec`, post(JSON.stringify({ scope: 'RO', alt: 'Two counties' })));
  assert.equal(((await alt.json()) as { description: string }).description, 'Two counties');
});

test('bad labelContent, locale, numberFormat and alt are 400s naming the field', async () => {
  await expectError('/map.svg?scope=world&labelContent=names', undefined, 'invalid_field', 'labelContent');
  await expectError('/map.svg?scope=world&locale=en_US', undefined, 'invalid_field', 'locale');
  await expectError('/map.svg?scope=world&locale=', undefined, 'invalid_field', 'locale');
  await expectError('/map.svg?scope=world&numberFormat=x.q', undefined, 'invalid_field', 'numberFormat');
  await expectError(`/map.svg?scope=world&alt=${'a'.repeat(501)}`, undefined, 'invalid_field', 'alt');
  await expectError('/render/map', post(JSON.stringify({ scope: 'world', alt: 'bell\u0007' })), 'invalid_field', 'alt');
  const response = await fetch(`${service.url}/map.svg?scope=world&numberFormat=x.q`);
  const { message } = (await response.json()) as { message: string };
  assert.match(message, /numberFormat must be a d3-format specifier such as ,\.1f/);
});

test('a locale without translated names is no error: English names, its own separators', async () => {
  // Luxembourgish: no names in the build; ICU's separators
  const { doc, response } = await svg('/map.svg?scope=world&data=DE:1234.5,FR:2&locale=lb&labels=DE&labelContent=name');
  assert.equal(response.status, 200);
  assert.equal(tooltip(doc, 'DE'), 'Germany: 1.234,5');
});

/** A PNG's international text chunks (iTXt, uncompressed) by keyword. */
function pngTexts(png: Buffer): Map<string, string> {
  const texts = new Map<string, string>();
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'iTXt') {
      const keyword = data.subarray(0, data.indexOf(0)).toString('latin1');
      // after the keyword: its NUL, compression flag and method, the language tag's and translated keyword's NULs
      texts.set(keyword, data.subarray(keyword.length + 5).toString('utf8'));
    }
    at += 12 + length;
  }
  return texts;
}

test("a PNG carries the description in a Description text chunk, in the locale's names", async () => {
  const response = await fetch(`${service.url}/map.png?scope=RO&data=RO-CJ:3,RO-B:10&locale=ro&width=300`);
  assert.equal(response.headers.get('content-type'), 'image/png');
  const description = pngTexts(Buffer.from(await response.arrayBuffer())).get('Description');
  assert.match(description ?? '', /^Choropleth map of România\. 2 of 42 regions have data\. Highest: București \(10\)/);
});

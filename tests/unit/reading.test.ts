// What a reader gets in words: numbers in the request's locale and format, labels with names and values, and
// the description a screen reader announces. Drawn in-process, as an SVG thread draws.
import { test } from 'node:test';
import type { Element } from '@xmldom/xmldom';
import assert from 'node:assert/strict';
import { drawRequest } from '../support/draw-request.ts';
import { all, legendEntries, root, tooltip } from '../support/svg.ts';

const GERMAN_DATA = 'scope=world&data=DE:21500.5,FR:1234567,RO:980.25,US:44000';

test("German numbers: the legend's class edges and the tooltips in 1.234,5 style", async () => {
  const { doc } = await drawRequest(`${GERMAN_DATA}&locale=de-DE`);
  // four values, four classes, each labelled by its value
  assert.deepEqual(legendEntries(doc), ['980,25', '21.500,5', '44.000', '1.234.567', 'No data']);
  assert.equal(tooltip(doc, 'FR'), 'Frankreich: 1.234.567');
});

test('numberFormat: the specifier with the locale, in the legend, ticks and tooltips', async () => {
  const { doc } = await drawRequest(
    'scope=world&data=DE:0.25,FR:0.5,US:0.75&numberFormat=.0%25&legendLayout=continuous',
  );
  // the continuous legend's ticks: round numbers over the data's extent made nice (0.25 to 0.75: 0.2 to 0.8)
  const ticks = all(doc, 'text')
    .map((t) => t.textContent)
    .filter((t) => t?.endsWith('%'));
  assert.deepEqual(ticks, ['20%', '30%', '40%', '50%', '60%', '70%', '80%']);
  assert.equal(tooltip(doc, 'DE'), 'Germany: 25%');
  const euros = await drawRequest('scope=world&data=DE:1234.5&numberFormat=$,.2f&locale=de');
  assert.equal(tooltip(euros.doc, 'DE'), 'Deutschland: 1.234,50\u00a0€');
});

test('labelContent: ids, names, values, or the name over the value', async () => {
  const label = async (content: string) => {
    const { doc } = await drawRequest(`${GERMAN_DATA}&labels=DE,RO&labelContent=${content}&locale=de-DE`);
    return all(doc, 'text')
      .filter((t) => t.getAttribute('data-id') === 'DE')
      .map((t) =>
        all(t as never, 'tspan').length ? all(t as never, 'tspan').map((s) => s.textContent) : [t.textContent],
      )[0];
  };
  assert.deepEqual(await label('id'), ['DE']);
  assert.deepEqual(await label('name'), ['Deutschland']);
  assert.deepEqual(await label('value'), ['21.500,5']);
  assert.deepEqual(await label('name-value'), ['Deutschland', '21.500,5']);
});

test('a value label leaves out the regions without a value', async () => {
  const { doc } = await drawRequest('scope=world&data=DE:5,FR:&labels=DE,FR,IT&labelContent=value');
  assert.deepEqual(
    all(doc, 'text')
      .filter((t) => t.getAttribute('data-id'))
      .map((t) => [t.getAttribute('data-id'), t.textContent]),
    [['DE', '5']],
  );
});

test('the SVG is an image with a title and a description naming the highest and the lowest', async () => {
  const { doc } = await drawRequest(`${GERMAN_DATA}&locale=de-DE&title=Einkommen`);
  const svg = root(doc);
  assert.equal(svg.getAttribute('role'), 'img');
  const [title, desc] = [svg.firstChild, svg.firstChild?.nextSibling] as Element[];
  assert.equal(title.nodeName, 'title');
  assert.equal(title.textContent, 'Einkommen');
  assert.equal(desc.nodeName, 'desc');
  assert.match(desc.textContent ?? '', /^Choropleth map of World: Einkommen\. 4 of \d+ regions have data\./);
  assert.match(desc.textContent ?? '', /Highest: Frankreich \(1\.234\.567\); lowest: Rumänien \(980,25\)\./);
  assert.match(desc.textContent ?? '', /\d+ regions have no data\.$/);
});

test('the description of categories, highlights and circles; alt replaces it', async () => {
  const categories = await drawRequest('scope=RO&data=RO-CJ:north,RO-B:south,RO-IS:north,RO-TM:');
  assert.match(
    categories.doc.getElementsByTagName('desc')[0].textContent ?? '',
    /^Category map of Romania\. 3 of 42 regions have data\. 2 categories: north \(2 regions\), south \(București\)\./,
  );
  const one = await drawRequest('scope=RO&data=RO-CJ:1');
  assert.match(
    one.doc.getElementsByTagName('desc')[0].textContent ?? '',
    /^Choropleth map of Romania\. 1 of 42 regions has data\. It shows a value for Cluj \(1\)\. 41 regions have no data\.$/,
  );
  const alt = await drawRequest('scope=RO&data=RO-CJ:1&alt=Cluj stands out');
  assert.equal(alt.doc.getElementsByTagName('desc')[0].textContent, 'Cluj stands out');
  assert.equal(alt.doc.getElementsByTagName('title')[0].textContent, 'Romania');
});

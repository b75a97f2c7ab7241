// The picture of an error, without a browser: its markup (escaped, wrapped, fitted), and the app answering it for
// an <img> when the renderer itself failed, as an SVG and without asking the renderer for more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { stubDeps } from '../support/stub-deps.ts';
import { createApp } from '../../server/app.ts';
import { listen } from '../../server/listen.ts';
import { errorImageSvg, wrapText } from '../../server/http/error-image-markup.ts';
import { all, parseSvg, root } from '../support/svg.ts';

const texts = (svg: string) => all(parseSvg(svg), 'text').map((t) => t.textContent ?? '');

test('wrapText breaks between words, and cuts only a word longer than a line', () => {
  assert.deepEqual(wrapText('theme must be one of: dark, light', 14), ['theme must be', 'one of: dark,', 'light']);
  assert.deepEqual(wrapText('a abcdefghij b', 4), ['a', 'abcd', 'efgh', 'ij b']);
  assert.deepEqual(wrapText('  ', 10), []);
});

test('the markup: the size asked for, the code and the whole message as text, user input escaped', () => {
  const message = 'title must be text without control characters: "<script>alert(1)</script>" & more';
  const svg = errorImageSvg({ status: 400, code: 'invalid_field', message, width: 500, height: 250 });
  const doc = parseSvg(svg);
  assert.equal(root(doc).getAttribute('width'), '500');
  assert.equal(root(doc).getAttribute('height'), '250');
  assert.equal(all(doc, 'script').length, 0, 'the message is text, never markup');
  const [code, ...lines] = texts(svg);
  assert.equal(code, '400 invalid_field');
  assert.equal(lines.join(' '), message, 'every word of the message, in order');
  assert.ok(lines.length > 1, 'wrapped to the width');
  assert.match(all(doc, 'title')[0]?.textContent ?? '', /could not be drawn: title must be text/);
  for (const text of all(doc, 'text')) {
    const y = Number(text.getAttribute('y'));
    assert.ok(y > 0 && y < 250, `line at y ${y} inside the panel`);
  }
});

test('a control character quoted in a message becomes U+FFFD, so the picture stays well-formed XML', () => {
  const svg = errorImageSvg({
    status: 400,
    code: 'invalid_field',
    message: 'unknown field "a\u0007b"',
    width: 400,
    height: 200,
  });
  const [, ...lines] = texts(svg);
  assert.equal(lines.join(' '), 'unknown field "a\uFFFDb"');
});

test('a message longer than the panel holds ends in an ellipsis on its last line', () => {
  const message = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
  const lines = texts(errorImageSvg({ status: 400, code: 'invalid_data', message, width: 300, height: 120 })).slice(1);
  assert.ok(lines.length >= 2 && lines.length < 10, `${lines.length} lines`);
  assert.match(lines.at(-1)!, /…$/);
});

test('the renderer failing: an <img> gets an SVG picture of render_failed (no more rendering), others the JSON', async () => {
  let pictures = 0;
  const app = createApp(
    stubDeps({
      renderer: {
        render: () => Promise.reject(new Error('renderer bug')),
        picture: () => {
          pictures++;
          return Promise.reject(new Error('not asked for'));
        },
      },
      readiness: () => ({ draining: false, waitingFor: [], browser: false, pages: 0, idle: 0, queued: 0 }),
    }),
  );
  const server = await listen(app, 0, '127.0.0.1');
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/map.png?scope=world&width=320&height=160`;
    const image = await fetch(url, { headers: { 'Sec-Fetch-Dest': 'image' } });
    assert.equal(image.status, 500);
    assert.equal(image.headers.get('content-type'), 'image/svg+xml', 'an SVG, whatever the extension');
    assert.equal(image.headers.get('x-map-error'), 'render_failed');
    assert.equal(image.headers.get('cache-control'), 'no-store');
    const svg = await image.text();
    assert.equal(root(parseSvg(svg)).getAttribute('width'), '320');
    assert.deepEqual(texts(svg), ['500 render_failed', 'the map could not be rendered']);
    assert.equal(pictures, 0, 'Chromium is not asked to draw the picture of its own failure');

    const json = await fetch(url);
    assert.equal(json.status, 500);
    assert.equal(json.headers.get('x-map-error'), null);
    assert.deepEqual(await json.json(), {
      error: 'render_failed',
      message: 'the map could not be rendered',
      status: 500,
    });
  } finally {
    server.close();
  }
});

// Text measured in Node (fonts.ts, from the advance-width table) against what a pool page's Chromium measures
// in the Noto Sans it draws PNGs with: titles, legend boxes and region labels are sized from these numbers,
// so an SVG laid out in Node and a PNG drawn in Chromium must agree on them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FONT_FAMILY, textWidth } from '../renderer-page/fonts.ts';
import { launchBrowser } from '../server/render/chromium/browser.ts';
import { RenderPage } from '../server/render/chromium/render-page.ts';
import { loadRendererAssets } from '../server/render/renderer-assets.ts';
import { readConfig } from '../server/config.ts';

// Titles, region labels (ISO ids), legend entries and Romanian, Cyrillic and Greek names.
const TEXTS = [
  'Population by county',
  'Hello, World',
  'Gross Domestic Product per capita, 2023 (USD)',
  'Yearly Values',
  'FR',
  'AT',
  'VA',
  'RO',
  'UA',
  'GR',
  'TW',
  'ĂăÂâÎîȘșȚț',
  'Județul Timiș, Brașov, Iași',
  'Țara Românească',
  '0123456789',
  '1,000 – 2,500',
  '> 2,500',
  '12.5% – 40%',
  'No data',
  'all values',
  'Москва, Санкт-Петербург',
  'Україна',
  'Ελλάδα, Αθήνα',
  'Θεσσαλονίκη',
];
// Noto Sans as @fontsource ships it has no "≤", so Chromium draws it in whatever fallback font the machine
// has: measured wide, never narrower, but not held to 3%.
const FALLBACK = ['≤ 10', '≤ 2,500'];
const SIZES = [12, 16];
const WEIGHTS = [400, 700];

interface Measured {
  text: string;
  size: number;
  weight: number;
  width: number;
}

/** Run in the page: loads both weights for every text, then canvas measureText (kerning on, as drawn). */
const measureInPage = `(async () => {
  const texts = ${JSON.stringify([...TEXTS, ...FALLBACK])}, sizes = ${JSON.stringify(SIZES)}, weights = ${JSON.stringify(WEIGHTS)};
  await Promise.all(weights.map((w) => document.fonts.load(w + " 16px 'Noto Sans'", texts.join(' '))));
  const canvas = document.createElement('canvas').getContext('2d');
  const widths = [];
  for (const text of texts) for (const size of sizes) for (const weight of weights) {
    canvas.font = weight + ' ' + size + 'px ' + ${JSON.stringify(FONT_FAMILY)};
    widths.push({ text, size, weight, width: canvas.measureText(text).width });
  }
  return { faces: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.weight + ' ' + f.unicodeRange), widths };
})()`;

test('text widths computed in Node match what Chromium draws in Noto Sans, never narrower', async (t) => {
  const browser = await launchBrowser(readConfig({ CHROMIUM_PATH: process.env.CHROMIUM_PATH }).chromiumPath);
  try {
    const page = await RenderPage.open(browser, loadRendererAssets(), readConfig({}).maxPixels);
    const { faces, widths } = await page.evaluate<{ faces: string[]; widths: Measured[] }>(measureInPage);
    // the Latin, Latin Extended, Cyrillic and Greek subsets of both weights drew the texts, not a fallback font
    for (const weight of WEIGHTS)
      for (const range of ['U+0-FF', 'U+100-2BA', 'U+301, U+400-45F', 'U+370-377']) {
        assert.ok(
          faces.some((face) => face.startsWith(`${weight} ${range},`)),
          `Noto Sans ${weight} ${range}… loaded`,
        );
      }
    assert.equal(widths.length, (TEXTS.length + FALLBACK.length) * SIZES.length * WEIGHTS.length);
    let worst = { deviation: 0, what: 'none' };
    for (const { text, size, weight, width } of widths) {
      const ours = textWidth(text, size, weight);
      const what = `"${text}" ${weight} ${size}px: Node ${ours} px, Chromium ${width.toFixed(2)} px`;
      // kerning, which the table leaves out, only ever tightens Noto Sans: boxes sized in Node hold the text
      assert.ok(ours >= width, `never narrower than drawn: ${what}`);
      if (FALLBACK.includes(text)) continue;
      const deviation = ours - Math.ceil(width);
      assert.ok(deviation <= Math.max(1, 0.03 * width), `within max(1 px, 3%): ${what}`);
      if (deviation > worst.deviation) worst = { deviation, what };
    }
    t.diagnostic(`largest deviation ${worst.deviation} px: ${worst.what}`);
  } finally {
    await browser.close();
  }
});

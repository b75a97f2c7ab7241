// Every theme's palette, judged by numbers: literal colours, legible text, ramps that read in order,
// distinguishable categories (also to colour-blind eyes), and each theme's promised character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { themes } from '../../renderer-page/themes/index.ts';
import type { Theme } from '../../renderer-page/themes/theme.ts';
import { THEMES } from '../../shared/lists.ts';
import { LIMITS } from '../../server/request/schema-parts.ts';
import {
  chroma,
  contrast,
  deltaE,
  deltaEAs,
  hue,
  hueDistance,
  isHex,
  lab,
  lightness,
  parseHex,
  type Deficiency,
} from '../support/color.ts';

const NAMES = [
  'dark',
  'light',
  'light-blue',
  'light-mono',
  'dark-blue',
  'dark-mono',
  'satellite',
  'terrain',
  'minimal',
  'contrast',
];
/** What a mono theme draws in grey: everything but its palettes. */
const MONO_KEYS = [
  'background',
  'water',
  'land',
  'noData',
  'border',
  'text',
  'textMuted',
  'highlight',
  'panel',
] as const;
const DARK = new Set(['dark', 'dark-blue', 'dark-mono', 'satellite', 'contrast']);
const DEFICIENCIES: Deficiency[] = ['protanopia', 'deuteranopia', 'tritanopia'];

const entries = Object.entries(themes) as [string, Theme][];
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const pairs = <T>(list: T[]): [T, T][] => list.flatMap((x, i) => list.slice(i + 1).map((y): [T, T] => [x, y]));
/** exactly neutral: red, green and blue equal */
const isGrey = (hex: string) => new Set(parseHex(hex)).size === 1;
const inRange = (h: number, from: number, to: number) => h >= from && h <= to;

test('THEMES and the theme table name the same ten themes', () => {
  assert.deepEqual([...THEMES], NAMES);
  assert.deepEqual(Object.keys(themes).sort(), [...NAMES].sort());
});

for (const [name, t] of entries) {
  const dark = DARK.has(name);
  const bgL = lightness(t.background);

  test(`${name}: every colour is a literal lowercase #rrggbb`, () => {
    for (const [key, value] of Object.entries(t)) {
      for (const color of Array.isArray(value) ? value : [value]) {
        assert.ok(isHex(color), `${key}: ${color}`);
      }
    }
  });

  test(`${name}: the canvas is ${dark ? 'dark' : 'light'}`, () => {
    if (dark) assert.ok(bgL <= 20, `background L* ${f1(bgL)}`);
    else assert.ok(bgL >= 85, `background L* ${f1(bgL)}`);
  });

  test(`${name}: text is legible`, () => {
    assert.ok(contrast(t.text, t.background) >= 4.5, `text on background ${f2(contrast(t.text, t.background))}:1`);
    assert.ok(contrast(t.text, t.panel) >= 4.5, `text on panel ${f2(contrast(t.text, t.panel))}:1`);
    assert.ok(
      contrast(t.textMuted, t.background) >= 3,
      `muted text on background ${f2(contrast(t.textMuted, t.background))}:1`,
    );
  });

  test(`${name}: no data and highlight stand apart`, () => {
    for (const stop of t.sequential) {
      assert.ok(
        deltaE(t.noData, stop) >= 8,
        `noData ${t.noData} vs sequential ${stop}: ΔE ${f1(deltaE(t.noData, stop))}`,
      );
    }
    assert.ok(deltaE(t.highlight, t.noData) >= 20, `highlight vs noData ΔE ${f1(deltaE(t.highlight, t.noData))}`);
  });

  test(`${name}: the sea, no data, the lowest class and the diverging midpoint are told apart by lightness`, () => {
    // DECISIONS §11: WCAG contrast of at least 1.25 for each pair, the sea being both canvas and water
    const roles: [string, string][] = [
      ['background', t.background],
      ['water', t.water],
      ['noData', t.noData],
      ['lowest class', t.sequential[0]],
      ['diverging midpoint', t.diverging[2]],
    ];
    for (const [[a, x], [b, y]] of pairs(roles)) {
      if (a === 'background' && b === 'water') continue;
      assert.ok(contrast(x, y) >= 1.25, `${a} ${x} vs ${b} ${y}: ${f2(contrast(x, y))}:1`);
    }
  });

  test(`${name}: sequential climbs in five distinct steps away from the background`, () => {
    const ramp = t.sequential;
    assert.equal(ramp.length, 5);
    const L = ramp.map(lightness);
    for (let i = 1; i < ramp.length; i++) {
      const step = L[i] - L[i - 1];
      assert.ok(
        dark ? step > 0 : step < 0,
        `L* ${f1(L[i - 1])} → ${f1(L[i])} should ${dark ? 'rise' : 'fall'} (${ramp[i - 1]} → ${ramp[i]})`,
      );
      assert.ok(
        Math.abs(L[i] - bgL) > Math.abs(L[i - 1] - bgL),
        `${ramp[i]} should stand further from the background than ${ramp[i - 1]}`,
      );
      const d = deltaE(ramp[i - 1], ramp[i]);
      assert.ok(d >= 10, `${ramp[i - 1]} → ${ramp[i]}: ΔE ${f1(d)}`);
    }
  });

  test(`${name}: diverging has two colour-blind-safe sides around a quiet neutral`, () => {
    const d = t.diverging;
    assert.equal(d.length, 5);
    const [strongNeg, weakNeg, neutral, weakPos, strongPos] = d;
    // the two sides are different hues, and each side keeps its hue
    for (const end of [strongNeg, strongPos])
      assert.ok(chroma(end) >= 10, `${end} has too little hue to carry a side (C* ${f1(chroma(end))})`);
    const apart = hueDistance(hue(strongNeg), hue(strongPos));
    assert.ok(apart >= 60, `sides ${strongNeg} / ${strongPos} only ${f1(apart)}° apart in hue`);
    for (const [weak, strong] of [
      [weakNeg, strongNeg],
      [weakPos, strongPos],
    ]) {
      const drift = hueDistance(hue(weak), hue(strong));
      assert.ok(drift <= 45, `${weak} strays ${f1(drift)}° from its side's ${strong}`);
      assert.ok(deltaE(weak, neutral) >= 10, `${weak} vs neutral ${neutral}: ΔE ${f1(deltaE(weak, neutral))}`);
      assert.ok(deltaE(strong, weak) >= 10, `${strong} vs ${weak}: ΔE ${f1(deltaE(strong, weak))}`);
      assert.ok(deltaE(strong, neutral) > deltaE(weak, neutral), `${strong} should be stronger than ${weak}`);
    }
    // the sides stay apart for colour-blind readers
    for (const deficiency of DEFICIENCIES) {
      const ends = deltaEAs(deficiency, strongNeg, strongPos);
      const weaks = deltaEAs(deficiency, weakNeg, weakPos);
      assert.ok(ends >= 20, `${deficiency}: ${strongNeg} vs ${strongPos} ΔE ${f1(ends)}`);
      assert.ok(weaks >= 15, `${deficiency}: ${weakNeg} vs ${weakPos} ΔE ${f1(weaks)}`);
    }
    // the neutral sits near the background's lightness, yet is not mistaken for no data
    const gap = (c: string) => Math.abs(lightness(c) - bgL);
    assert.ok(gap(neutral) <= 30, `neutral ${neutral} is ${f1(gap(neutral))} L* from the background`);
    for (const c of [strongNeg, weakNeg, weakPos, strongPos])
      assert.ok(gap(neutral) < gap(c), `${c} is nearer the background's lightness than the neutral`);
    assert.ok(chroma(neutral) <= 20, `neutral ${neutral} is too colourful (C* ${f1(chroma(neutral))})`);
    assert.ok(
      deltaE(neutral, t.noData) >= 8,
      `neutral ${neutral} vs noData ${t.noData}: ΔE ${f1(deltaE(neutral, t.noData))}`,
    );
    // ...nor lost on the canvas or the sea around it (a just-noticeable difference at least)
    for (const key of ['background', 'water'] as const) {
      assert.ok(
        deltaE(neutral, t[key]) >= 2.5,
        `neutral ${neutral} vanishes into ${key} ${t[key]}: ΔE ${f1(deltaE(neutral, t[key]))}`,
      );
    }
  });

  test(`${name}: categories are distinct, also to colour-blind eyes, and visible on the canvas`, () => {
    const cat = t.categorical;
    assert.equal(cat.length, LIMITS.categories, `${cat.length} categorical colours`);
    for (const c of cat) {
      assert.ok(contrast(c, t.background) >= 1.5, `${c} on ${t.background}: ${f2(contrast(c, t.background))}:1`);
      // a category the palette cannot match is drawn as no data
      assert.ok(deltaE(c, t.noData) >= 20, `${c} vs noData ${t.noData}: ΔE ${f1(deltaE(c, t.noData))}`);
      // nor a mid grey, which a reader takes for no data whatever its ΔE
      assert.ok(chroma(c) >= 8 || lightness(c) <= 25 || lightness(c) >= 85, `${c} is a grey like no data`);
    }
    for (const [x, y] of pairs(cat)) {
      assert.ok(deltaE(x, y) >= 15, `${x} vs ${y}: ΔE ${f1(deltaE(x, y))}`);
      for (const deficiency of DEFICIENCIES) {
        const d = deltaEAs(deficiency, x, y);
        assert.ok(d >= 8, `${deficiency}: ${x} vs ${y} ΔE ${f1(d)}`);
      }
    }
  });
}

/** What each theme promises in its name, checked where numbers can say it. */
const character: Record<string, (t: Theme) => void> = {
  'light-blue': (t) => {
    assert.ok(lab(t.water).b < -3 && inRange(hue(t.water), 200, 290), `water ${t.water} is not blue-tinted`);
    for (const c of t.sequential)
      assert.ok(inRange(hue(c), 220, 290) && chroma(c) >= 10, `sequential ${c} is not blue`);
  },
  'light-mono': (t) => {
    for (const key of MONO_KEYS) {
      assert.ok(isGrey(t[key]), `${key} ${t[key]} is not grey`);
    }
    for (const c of t.sequential) assert.ok(isGrey(c), `sequential ${c} is not grey`);
    for (const c of t.diverging) assert.ok(chroma(c) <= 20, `diverging ${c} is more than a hint of hue`);
    for (const c of t.categorical) assert.ok(chroma(c) <= 70, `categorical ${c} is not muted`);
  },
  'dark-blue': (t) => {
    assert.ok(
      lab(t.background).b < -5 && inRange(hue(t.background), 240, 300),
      `background ${t.background} is not navy`,
    );
    for (const c of t.sequential)
      assert.ok(inRange(hue(c), 190, 290) && chroma(c) >= 10, `sequential ${c} is not cyan/blue`);
  },
  'dark-mono': (t) => {
    for (const key of MONO_KEYS) {
      assert.ok(isGrey(t[key]), `${key} ${t[key]} is not grey`);
    }
    for (const c of t.sequential) assert.ok(isGrey(c), `sequential ${c} is not grey`);
    assert.ok(lightness(t.background) <= 8, 'background is not near-black');
    assert.ok(lightness(t.sequential[4]) >= 90, 'the ramp does not reach white');
    for (const c of t.diverging) assert.ok(chroma(c) <= 25, `diverging ${c} is more than a hint of hue`);
    for (const c of t.categorical) assert.ok(chroma(c) <= 70, `categorical ${c} is not muted`);
  },
  satellite: (t) => {
    assert.ok(
      lightness(t.water) <= 30 && inRange(hue(t.water), 230, 300) && chroma(t.water) >= 15,
      `water ${t.water} is not deep ocean blue`,
    );
    for (const key of ['land', 'noData'] as const) {
      assert.ok(
        lightness(t[key]) <= 35 && inRange(hue(t[key]), 60, 115) && chroma(t[key]) >= 5,
        `${key} ${t[key]} is not dark olive/brown`,
      );
    }
    for (const c of t.sequential)
      assert.ok(inRange(hue(c), 20, 100) && chroma(c) >= 40, `sequential ${c} is not warm and bright`);
  },
  terrain: (t) => {
    for (const key of ['background', 'land'] as const) {
      assert.ok(
        lightness(t[key]) >= 85 && inRange(hue(t[key]), 60, 110) && chroma(t[key]) >= 5,
        `${key} ${t[key]} is not parchment`,
      );
    }
    assert.ok(lightness(t.water) >= 80 && inRange(hue(t.water), 200, 270), `water ${t.water} is not soft blue`);
    assert.ok(inRange(hue(t.sequential[0]), 100, 150), `the ramp does not start green (${t.sequential[0]})`);
    assert.ok(inRange(hue(t.sequential[4]), 40, 80), `the ramp does not end brown (${t.sequential[4]})`);
  },
  minimal: (t) => {
    assert.equal(t.background, '#ffffff');
    assert.equal(t.water, t.background, 'water is not tinted');
    assert.ok(lightness(t.noData) >= 88, `noData ${t.noData} is not very light`);
    assert.ok(lightness(t.border) >= 80, `border ${t.border} is not light`);
    const hues = t.sequential.map(hue);
    assert.ok(
      Math.max(...hues) - Math.min(...hues) <= 30,
      `the ramp is not a single hue (${hues.map(f1).join(', ')}°)`,
    );
  },
  contrast: (t) => {
    assert.equal(t.background, '#000000');
    assert.equal(t.text, '#ffffff');
    assert.ok(contrast(t.border, t.noData) >= 3, `border on noData ${f2(contrast(t.border, t.noData))}:1`);
    for (const key of ['text', 'textMuted'] as const) {
      assert.ok(contrast(t[key], t.background) >= 7 && contrast(t[key], t.panel) >= 7, `${key} does not meet AAA`);
    }
    // pure colours: every fill drives at least one channel to full
    for (const c of [...t.sequential, ...t.categorical])
      assert.ok(Math.max(...parseHex(c)) === 1, `${c} is not at full intensity`);
  },
};

for (const [name, check] of Object.entries(character)) {
  test(`${name}: keeps its character`, () => check(themes[name as keyof typeof themes]));
}

// Colour science for judging palettes, from culori: CIELAB and LCh (D65), CIE76 ΔE, WCAG 2 contrast; and
// colour-vision-deficiency simulation (Machado et al. 2009) in linear light.
import { converter, differenceCie76, formatHex, parseHex as parseHexColor, wcagContrast, type Rgb } from 'culori';

const HEX = /^#[0-9a-f]{6}$/;

/** True for a literal lowercase `#rrggbb`. */
export const isHex = (hex: string): boolean => HEX.test(hex);

/** `#rrggbb` (either case) as culori's sRGB colour, channels 0..1; anything else throws. */
function rgb(hex: string): Rgb {
  const color = /^#[0-9a-fA-F]{6}$/.test(hex) ? parseHexColor(hex) : undefined;
  if (!color) throw new Error(`not a #rrggbb colour: ${hex}`);
  return color;
}

/** `#rrggbb` → sRGB channels in 0..1. */
export function parseHex(hex: string): [number, number, number] {
  const { r, g, b } = rgb(hex);
  return [r, g, b];
}

const toLab = converter('lab65');
const toLch = converter('lch65');
const toLinear = converter('lrgb');

/** CIELAB (D65): `l` 0 (black) to 100 (white), `a` green to red, `b` blue to yellow. */
export const lab = (hex: string) => toLab(rgb(hex));

/** CIE L*, 0 (black) to 100 (white). */
export const lightness = (hex: string): number => lab(hex).l;

/** CIE LCh chroma. */
export const chroma = (hex: string): number => toLch(lab(hex)).c;

/** CIE LCh hue angle in degrees, 0..360 (a grey has none: 0). */
export const hue = (hex: string): number => toLch(lab(hex)).h ?? 0;

/** The smaller angle between two hues, 0..180. */
export function hueDistance(h1: number, h2: number): number {
  const d = Math.abs(h1 - h2) % 360;
  return d > 180 ? 360 - d : d;
}

const cie76 = differenceCie76();

/** CIE76 colour difference. */
export const deltaE = (x: string, y: string): number => cie76(rgb(x), rgb(y));

/** WCAG 2 contrast ratio, 1 to 21, symmetric. */
export const contrast = (x: string, y: string): number => wcagContrast(rgb(x), rgb(y));

export type Deficiency = 'protanopia' | 'deuteranopia' | 'tritanopia';

// Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB as the model asks. Not culori's
// filterDeficiency*: they apply these same matrices to gamma-encoded sRGB, which on our palettes moves a
// simulated colour by up to 54 ΔE from the model's (magenta to a protanope).
const MACHADO: Record<Deficiency, readonly number[][]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

/** How `hex` looks to someone with the given dichromacy, as `#rrggbb`. */
function simulate(hex: string, deficiency: Deficiency): string {
  const { r, g, b } = toLinear(rgb(hex));
  const [sr, sg, sb] = MACHADO[deficiency].map((row) => clamp01(row[0] * r + row[1] * g + row[2] * b));
  return formatHex({ mode: 'lrgb', r: sr, g: sg, b: sb });
}

/** ΔE between two colours as someone with the given dichromacy sees them. */
export const deltaEAs = (deficiency: Deficiency, x: string, y: string): number =>
  deltaE(simulate(x, deficiency), simulate(y, deficiency));

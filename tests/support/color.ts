// Small colour-science helpers for judging palettes: sRGB → linear → XYZ (D65) → CIELAB,
// CIE76 ΔE, WCAG 2 contrast, and colour-vision-deficiency simulation (Machado et al. 2009).

export type Rgb = readonly [number, number, number];
export interface Lab { L: number; a: number; b: number }

const HEX = /^#[0-9a-f]{6}$/;

/** True for a literal lowercase `#rrggbb`. */
export const isHex = (hex: string): boolean => HEX.test(hex);

/** `#rrggbb` → sRGB channels in 0..1. */
export function parseHex(hex: string): Rgb {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** The sRGB transfer function undone: gamma-encoded 0..1 → linear light 0..1. */
export const toLinear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number): number => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

export function linearRgb(hex: string): Rgb {
  const [r, g, b] = parseHex(hex);
  return [toLinear(r), toLinear(g), toLinear(b)];
}

/** CIE XYZ (D65, Y of white = 1). */
export function xyzFromLinear([r, g, b]: Rgb): Rgb {
  return [
    0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
    0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
    0.0193339 * r + 0.1191920 * g + 0.9503041 * b,
  ];
}

const WHITE: Rgb = [0.95047, 1, 1.08883];
const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);

export function labFromLinear(rgb: Rgb): Lab {
  const [x, y, z] = xyzFromLinear(rgb);
  const fx = f(x / WHITE[0]);
  const fy = f(y / WHITE[1]);
  const fz = f(z / WHITE[2]);
  return { L: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

export const lab = (hex: string): Lab => labFromLinear(linearRgb(hex));

/** CIE L*, 0 (black) to 100 (white). */
export const lightness = (hex: string): number => lab(hex).L;

/** CIE LCh chroma. */
export const chroma = (hex: string): number => Math.hypot(lab(hex).a, lab(hex).b);

/** CIE LCh hue angle in degrees, 0..360. */
export function hue(hex: string): number {
  const { a, b } = lab(hex);
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

/** The smaller angle between two hues, 0..180. */
export function hueDistance(h1: number, h2: number): number {
  const d = Math.abs(h1 - h2) % 360;
  return d > 180 ? 360 - d : d;
}

export const deltaELab = (p: Lab, q: Lab): number => Math.hypot(p.L - q.L, p.a - q.a, p.b - q.b);

/** CIE76 colour difference. */
export const deltaE = (x: string, y: string): number => deltaELab(lab(x), lab(y));

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = linearRgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21, symmetric. */
export function contrast(x: string, y: string): number {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi + 0.05) / (lo + 0.05);
}

export type Deficiency = 'protanopia' | 'deuteranopia' | 'tritanopia';

// Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
const MACHADO: Record<Deficiency, readonly Rgb[]> = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

/** How `hex` looks to someone with the given dichromacy, as `#rrggbb`. */
export function simulate(hex: string, deficiency: Deficiency): string {
  const rgb = linearRgb(hex);
  const out = MACHADO[deficiency].map((row) => clamp01(row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]));
  return `#${out.map((c) => Math.round(fromLinear(c) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** ΔE between two colours as someone with the given dichromacy sees them. */
export const deltaEAs = (deficiency: Deficiency, x: string, y: string): number =>
  deltaE(simulate(x, deficiency), simulate(y, deficiency));

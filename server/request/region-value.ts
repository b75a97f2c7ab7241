// How a value written as text (a GET pair, later a CSV cell) becomes a region value.

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Empty: highlight only (null); numeric: a number; anything else: a text category. */
export function parseValueText(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return NUMBER.test(trimmed) ? Number(trimmed) : trimmed;
}

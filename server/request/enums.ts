// What the server adds to the lists a request chooses from (shared/lists.ts, where each list is written once).
import type { Format } from '../../shared/lists.ts';

/** The formats with an alpha channel or an empty page, which `transparent` may leave without a background. */
export const TRANSPARENT_FORMATS = ['svg', 'png', 'webp', 'pdf'] as const satisfies readonly Format[];

/** The list's own spelling of `raw`, matched case-insensitively, or `raw` unchanged when none matches. */
export function canonicalSpelling(list: readonly string[], raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const lower = raw.trim().toLowerCase();
  return list.find((item) => item.toLowerCase() === lower) ?? raw;
}

// How a locale writes numbers, worked out once on the server and carried in the normalised request: the
// renderer formats with it, so an SVG thread and a Chromium page agree whatever ICU data each carries, and the
// ETag changes with it.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { NumberLocale } from '../../renderer-page/spec.ts';

const require = createRequire(import.meta.url);
const LOCALE_DIR = dirname(require.resolve('d3-format/locale/en-US'));

/** d3-format's locale files (`de-DE`, `fr-CA`, `en-IN`...): separators, grouping, currency and percent sign. */
const D3_LOCALES = new Map(
  readdirSync(LOCALE_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name.slice(0, -5), JSON.parse(readFileSync(`${LOCALE_DIR}/${name}`, 'utf8')) as NumberLocale]),
);

/** What Node's ICU writes for a locale d3-format has no file for (`ro`, `de-AT`): its decimal and group
 *  separators, grouped by threes. d3-format's `$` needs a currency, which a language alone does not name: it
 *  stays the dollar. */
function fromIcu(tag: string): NumberLocale {
  const parts = new Intl.NumberFormat(tag, { useGrouping: true }).formatToParts(1234567.5);
  const part = (type: string, otherwise: string) => parts.find((p) => p.type === type)?.value ?? otherwise;
  return { decimal: part('decimal', '.'), thousands: part('group', ','), grouping: [3], currency: ['$', ''] };
}

/** What each tag asked for came to, since every request asks (ICU's likely subtags cost more than a
 *  request's other fields together); bounded by the tags a service is asked for, a few dozen. */
const resolved = new Map<string, NumberLocale>();

/** `tag` is canonical BCP 47 (`de`, `de-AT`, `zh-Hant-TW`). A language without a region takes its likeliest
 *  (`de` → `de-DE`, `pt` → `pt-BR`), as ICU's likely subtags say. */
export function numberLocaleFor(tag: string): NumberLocale {
  let found = resolved.get(tag);
  if (!found) {
    const { language, region } = new Intl.Locale(tag).maximize();
    found = D3_LOCALES.get(`${language}-${region}`) ?? fromIcu(tag);
    resolved.set(tag, found);
  }
  return found;
}

// Writes cldr-country-names.json: the country names of Unicode CLDR (npm cldr-localenames-full, not a dependency:
// `npm pack cldr-localenames-full@48.2.0` and unpack it) that the world scope takes besides i18n-iso-countries'.
//   node topology/name-lists/cldr-country-names.mjs <unpacked package folder> <language>...
// `names`: what i18n-iso-countries lacks of them. In each language given (the world scope's, NAME_LANGUAGES in world-regions.ts) and in the territory's
// own language (CLDR's likely subtags), every name CLDR gives a territory with a 2-letter code, its `-alt-variant`
// too ("Türkiye", "République tchèque"); no `-alt-short` ("É.-U."), and no name that CLDR gives two territories in
// any of its locales ("Kongo" is Congo in one and DR Congo in another). `notTheirs`: the names i18n-iso-countries
// (any of its languages) gives a territory that CLDR, in any locale, gives another one only (i18n's Portuguese
// "República Democrática do Congo" for the Republic of the Congo): the build drops them.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const i18n = require('i18n-iso-countries');

const [root, ...languages] = process.argv.slice(2);
if (!root || !languages.length)
  throw new Error('usage: cldr-country-names.mjs <cldr-localenames-full folder> <lang>...');
const main = path.join(root, 'main');
const fold = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

function territories(locale) {
  const file = path.join(main, locale, 'territories.json');
  try {
    const names = JSON.parse(readFileSync(file, 'utf8')).main[locale].localeDisplayNames.territories;
    return Object.entries(names)
      .map(([key, name]) => ({ code: key.split('-alt-')[0], alt: key.split('-alt-')[1] ?? null, name }))
      .filter((t) => /^[A-Z]{2}$/.test(t.code) && t.code !== 'ZZ' && t.alt !== 'short');
  } catch {
    return [];
  }
}

const owners = new Map();
for (const locale of readdirSync(main)) {
  for (const { code, name } of territories(locale)) {
    const key = fold(name);
    owners.set(key, (owners.get(key) ?? new Set()).add(code));
  }
}
const ownLanguage = (code) => new Intl.Locale(`und-${code}`).maximize().language;
const names = {};
for (const language of new Set([
  ...languages,
  ...[...owners.values()].flatMap((codes) => [...codes].map(ownLanguage)),
])) {
  for (const { code, name } of territories(language)) {
    if (!languages.includes(language) && ownLanguage(code) !== language) continue;
    if (owners.get(fold(name)).size > 1) continue;
    names[code] = [...new Set([...(names[code] ?? []), name])];
  }
}
// what i18n-iso-countries already has (in any of its languages) is left out
const known = new Set(
  i18n
    .langs()
    .flatMap((language) =>
      Object.entries(i18n.getNames(language, { select: 'all' })).flatMap(([code, list]) =>
        list.map((name) => `${code} ${fold(name)}`),
      ),
    ),
);
for (const code of Object.keys(names)) {
  names[code] = names[code].filter((name) => !known.has(`${code} ${fold(name)}`));
  if (!names[code].length) delete names[code];
}
const notTheirs = {};
for (const language of i18n.langs()) {
  for (const [code, list] of Object.entries(i18n.getNames(language, { select: 'all' }))) {
    for (const name of list) {
      const cldr = owners.get(fold(name));
      if (cldr?.size === 1 && !cldr.has(code)) notTheirs[code] = [...new Set([...(notTheirs[code] ?? []), name])];
    }
  }
}
const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
writeFileSync(
  new URL('./cldr-country-names.json', import.meta.url),
  JSON.stringify(
    {
      source: `Unicode CLDR, npm cldr-localenames-full ${version}, main/*/territories.json`,
      licence: 'Unicode-3.0',
      languages,
      names: sorted(names),
      notTheirs: sorted(notTheirs),
    },
    null,
    0,
  ) + '\n',
);

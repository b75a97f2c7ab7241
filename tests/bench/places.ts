// The place index's measures (docs/places.md): what a service's memory grows by once the index is built (it is
// built on the first place asked for, so a service never asked keeps it all), how long that first answer takes,
// and a look-up's time, in-process (the index alone) and over HTTP.
import { get, median, mib, ms, p95, row, SERVICE, sleep, start } from './measure.ts';
import { treePssByKind } from '../support/process-tree.ts';
import { loadCatalogue } from '../../topology/catalogue.ts';
import { findPlaces, placeIndex } from '../../server/places/places.ts';

/** What people look for: whole names, codes, names with a country, names half typed, accents left out. */
const QUERIES = [
  'Paris',
  'Paris, US',
  'London',
  'New York',
  'Bucuresti',
  'Sao Paulo',
  'OTP',
  'LROP',
  'Rotterdam',
  'Shanghai',
  'Bavaria',
  'Romania',
  'Tok',
  'Mumb',
  'Springfield',
  'San',
  'Zürich',
  'Xyzzyplatz',
];
const ROUNDS = 50;

const nodePss = (pid: number) => treePssByKind(pid).get('node')?.mib ?? 0;

export async function places(): Promise<void> {
  const service = await start(SERVICE, {});
  const pid = service.child.pid as number;
  try {
    await sleep(5000);
    const before = nodePss(pid);
    const first = await get(`${service.url}/places?q=Paris`);
    await sleep(10_000);
    const grown = nodePss(pid) - before;
    row('/places: the first answer, the index built then', ms(first.ms));
    row('/places: what the service (Node) grows by with the index built, PSS', mib(grown), '≤ 50 MiB', grown <= 50);
    const overHttp: number[] = [];
    for (let round = 0; round < ROUNDS / 10; round++)
      for (const q of QUERIES) overHttp.push((await get(`${service.url}/places?q=${encodeURIComponent(q)}`)).ms);
    row('/places over HTTP, median and p95', `${ms(median(overHttp))}, ${ms(p95(overHttp))}`);
  } finally {
    service.child.kill();
  }

  const catalogue = loadCatalogue();
  placeIndex(catalogue);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const started = performance.now();
      findPlaces(catalogue, q, {}, 10);
      times.push(performance.now() - started);
    }
  }
  row(
    'a place look-up in-process (10 places), median and p95',
    `${median(times).toFixed(3)} ms, ${p95(times).toFixed(3)} ms`,
    '≤ 1 ms median',
    median(times) <= 1,
  );
}

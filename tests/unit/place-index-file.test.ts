// The place index as prepare.mjs writes it and the service reads it (index-file.ts): read back, it answers every
// query as the index it was written from; a file made from another catalogue, or none, is no index.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlaceIndex } from '../../server/places/place-index.ts';
import { readIndexFile, writeIndexFile } from '../../server/places/index-file.ts';
import type { SourcePlace } from '../../server/places/place-sources.ts';

const PLACES: SourcePlace[] = [
  ['Paris', 'FR', 48.8566, 2.3522, 2e6],
  ['Paris', 'US', 33.6609, -95.5555, 25_000],
  ['São Paulo', 'BR', -23.5505, -46.6333, 12e6],
  ['Zürich', 'CH', 47.3769, 8.5417, 400_000],
  ['Ōsaka', 'JP', 34.6937, 135.5023, 2.7e6],
].map(([name, country, lat, lon, weight]) => ({
  kind: 'city' as const,
  id: `${name}-${country}`,
  name: name as string,
  also: [],
  ...(name === 'Zürich' && { alternates: ['Zurich', 'Zurigo', 'Turicum'] }),
  lat: lat as number,
  lon: lon as number,
  country: country as string,
  region: country === 'CH' ? 'CH-ZH' : '',
  weight: weight as number,
}));

test('an index read from its file answers as the one written, names, places and all', () => {
  const dir = mkdtempSync(join(tmpdir(), 'places-'));
  try {
    const written = new PlaceIndex((add) => PLACES.forEach(add));
    const path = join(dir, 'places-index.bin');
    writeIndexFile(path, written, 'catalogue-1');
    const read = readIndexFile(path, 'catalogue-1');
    assert.ok(read);
    assert.equal(read.size, written.size);
    for (const query of ['paris', 'sao', 'zurich', 'zurigo', 'osaka', 'p']) {
      const show = (index: PlaceIndex) =>
        index.search(query, {}, 10).map(({ place, match, alternate }) => ({
          match,
          alternate,
          name: index.name(place),
          id: index.id(place),
          at: [index.lat(place), index.lon(place)],
          country: index.country(place),
          region: index.region(place),
        }));
      assert.deepEqual(show(read), show(written), query);
    }
    assert.equal(read.search('paris', { country: 'US' }, 1).length, 1);
    assert.equal(read.search('turicum', { regions: ['CH-ZH'] }, 1)[0]?.alternate, true);
    assert.equal(readIndexFile(path, 'catalogue-2'), undefined, 'made from another catalogue');
    assert.equal(readIndexFile(join(dir, 'none.bin'), 'catalogue-1'), undefined, 'no file');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

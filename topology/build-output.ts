// The files the build writes into topology/build/: each one whole or not at all, the catalogue's version made of
// every byte written, and the variants a worldview other than the default draws (docs/boundaries.md) written only
// where they differ from the default's file.

import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Topology } from 'topojson-specification';
import type { ScopeDefinition, Worldview } from './scopes.js';
import { windForD3 } from './winding.js';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** A file's size for the build's log. */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Writes the build's files into `dir`; the catalogue (`catalogueName`) last, versioned by all the others. */
export class BuildOutput {
  /** every byte written but the catalogue's, in order */
  readonly #written = createHash('sha1');
  /** the SHA-1 of each file written under its own name, to tell whether a worldview's variant differs */
  readonly #hashes = new Map<string, string>();
  /** scopes with files of their own for a worldview other than `un`, by worldview */
  readonly #variants = new Map<Exclude<Worldview, 'un'>, Set<string>>();
  /** polygons turned round so that d3 reads them as they were drawn (winding.ts), over the whole build */
  turned = 0;

  constructor(
    private readonly dir: string,
    private readonly catalogueName: string,
  ) {}

  /** A data file, as JSON; its size in bytes. */
  json = (name: string, data: unknown): number => {
    const text = JSON.stringify(data);
    this.#hashes.set(name, sha1(text));
    return this.#text(name, text);
  };

  /** A scope's topology file, its polygons wound for d3 first. */
  topology = (name: string, topology: Topology): number => {
    this.turned += windForD3(topology);
    return this.json(name, topology);
  };

  /** A writer of scope files as `worldview` draws them (`europe-low.json` as `europe@de-facto-low.json`), which
   *  writes only those that differ from the default's file of the same name, written before: most scopes show no
   *  disputed line. */
  variant(worldview: Exclude<Worldview, 'un'>) {
    return (name: string, topology: Topology): number => {
      this.turned += windForD3(topology);
      const text = JSON.stringify(topology);
      if (sha1(text) === this.#hashes.get(name)) return 0;
      const [, scope, level] = /^(.+)-(low|medium|high)\.json$/.exec(name)!;
      this.#variants.set(worldview, (this.#variants.get(worldview) ?? new Set()).add(scope!));
      return this.#text(`${scope}@${worldview}-${level}.json`, text);
    };
  }

  /** The worldviews whose files a scope has beside its own, for its catalogue entry. */
  worldviewsOf(scope: string): Pick<ScopeDefinition, 'worldviews'> {
    const worldviews = [...this.#variants].filter(([, scopes]) => scopes.has(scope)).map(([worldview]) => worldview);
    return worldviews.length ? { worldviews } : {};
  }

  /** The catalogue's version: what was written before it. */
  version(): string {
    return this.#written.digest('hex').slice(0, 16);
  }

  /** Written via a temp file so a running server never reads half a file. */
  #text(name: string, text: string): number {
    const file = path.join(this.dir, name);
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
    if (name !== this.catalogueName) this.#written.update(name).update(text);
    return Buffer.byteLength(text);
  }
}

// A map's markup written straight to UTF-8. The long attribute values (the scope's outlines, the same string
// objects render after render, from the frame cache of the renderer) are escaped and encoded once and kept:
// encoding them anew was a third of an SVG's time, more where a name beyond Latin-1 made V8 hold the whole
// text at two bytes a character.
import { LRUCache } from 'lru-cache';

const ATTRIBUTE_SPECIALS = /[&<>"\t\n\r]/g;
const TEXT_SPECIALS = /[&<>]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const escapeEntity = (c: string) => ENTITIES[c];

const escapeAttribute = (value: string) => value.replace(ATTRIBUTE_SPECIALS, escapeEntity);
export const escapeText = (text: string) => text.replace(TEXT_SPECIALS, escapeEntity);

/** Values at least this long are kept encoded; shorter ones cost less to encode than to look up. */
const KEPT_FROM = 256;
const encoder = new TextEncoder();
// V8 keeps a string's hash in the string, so looking up an outline it has seen before costs next to nothing.
const encoded = new LRUCache<string, Uint8Array>({
  // the outlines of a few sizes of the world in high detail (0.5 MB at 1200 px); a new size is drawn anew anyway
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (bytes, key) => bytes.length + key.length,
});

export class MarkupWriter {
  private readonly chunks: Uint8Array[] = [];
  private pending = '';

  /** Markup as it is, already escaped. */
  write(markup: string): void {
    this.pending += markup;
  }

  /** An attribute's value, escaped. */
  writeAttributeValue(value: string): void {
    if (value.length < KEPT_FROM) {
      this.pending += escapeAttribute(value);
      return;
    }
    let bytes = encoded.get(value);
    if (!bytes) {
      bytes = encoder.encode(escapeAttribute(value));
      encoded.set(value, bytes);
    }
    this.flush();
    this.chunks.push(bytes);
  }

  /** Everything written, in one buffer of its own (never a slice of a shared pool, so it can be moved). */
  bytes(): Uint8Array {
    this.flush();
    const all = new Uint8Array(this.chunks.reduce((length, chunk) => length + chunk.length, 0));
    let at = 0;
    for (const chunk of this.chunks) {
      all.set(chunk, at);
      at += chunk.length;
    }
    return all;
  }

  private flush(): void {
    if (this.pending) this.chunks.push(encoder.encode(this.pending));
    this.pending = '';
  }
}

// A map's markup written straight to UTF-8, into one buffer, escaped on the way. The long attribute values (the
// scope's outlines, the same string objects render after render, from the frame cache of the renderer) are
// escaped and encoded once and kept: encoding them anew was a third of an SVG's time, more where a name beyond
// Latin-1 made V8 hold the whole text at two bytes a character. The rest is copied a character at a time, which
// makes no string on the way: building the markup as strings, then encoding them, made two fifths of what a
// world SVG allocated in its thread (180 of 440 KiB), and took longer.
import { LRUCache } from 'lru-cache';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** What is escaped where: `pattern` for a string at once, `bytes` for an ASCII character by its code. */
interface Escapes {
  pattern: RegExp;
  bytes: Array<Uint8Array | null>;
}

function escapesOf(specials: string): Escapes {
  const bytes = new Array<Uint8Array | null>(128).fill(null);
  for (const c of specials) bytes[c.charCodeAt(0)] = Buffer.from(ENTITIES[c], 'latin1');
  return { pattern: new RegExp(`[${specials}]`, 'g'), bytes };
}

const ATTRIBUTE = escapesOf('&<>"\t\n\r');
const TEXT = escapesOf('&<>');
/** markup is written as it is: a pattern that matches nothing */
const MARKUP: Escapes = { pattern: /(?!)/g, bytes: new Array<Uint8Array | null>(128).fill(null) };
/** the most bytes a UTF-16 code unit becomes: `&quot;` */
const MOST_BYTES = 6;

const escape = (value: string, escapes: Escapes) => value.replace(escapes.pattern, (c) => ENTITIES[c]);

/** Values at least this long are kept encoded; shorter ones cost less to encode than to look up. */
const KEPT_FROM = 256;
const encoder = new TextEncoder();
// V8 keeps a string's hash in the string, so looking up an outline it has seen before costs next to nothing.
const encoded = new LRUCache<string, Uint8Array>({
  // the outlines of a few sizes of the world in high detail (0.5 MB at 1200 px); a new size is drawn anew anyway
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (bytes, key) => bytes.length + key.length,
});

/** The thread's one buffer the markup is written into: a map's markup is written in one synchronous go, so
 *  one buffer serves every render. Grown for a larger map, and kept up to KEPT_BYTES: the world at high detail
 *  and 1200 px is 0.4 MB, a large map at 8,000 px may be ten times that, which a thread need not hold for good. */
const SCRATCH_BYTES = 256 * 1024;
const KEPT_BYTES = 4 * 1024 * 1024;
let scratch = Buffer.allocUnsafe(SCRATCH_BYTES);

export class MarkupWriter {
  private at = 0;

  /** Markup as it is, already escaped. */
  write(markup: string): void {
    this.put(markup, MARKUP);
  }

  /** Text between tags, escaped. */
  writeText(text: string): void {
    this.put(text, TEXT);
  }

  /** An attribute's value, escaped. */
  writeAttributeValue(value: string): void {
    if (value.length < KEPT_FROM) {
      this.put(value, ATTRIBUTE);
      return;
    }
    let bytes = encoded.get(value);
    if (!bytes) {
      bytes = encoder.encode(escape(value, ATTRIBUTE));
      encoded.set(value, bytes);
    }
    this.room(bytes.length);
    scratch.set(bytes, this.at);
    this.at += bytes.length;
  }

  /** Everything written, in one buffer of its own (never a slice of a shared one, so it can be moved). */
  bytes(): Uint8Array {
    const bytes = new Uint8Array(scratch.subarray(0, this.at));
    if (scratch.length > KEPT_BYTES) scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
    return bytes;
  }

  private put(value: string, escapes: Escapes): void {
    this.room(value.length * MOST_BYTES);
    let at = this.at;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code >= 128) {
        // beyond ASCII (a name, a title): the rest of the string escaped and encoded at once
        at += scratch.write(escape(value.slice(i), escapes), at);
        break;
      }
      const entity = escapes.bytes[code];
      if (entity === null) {
        scratch[at++] = code;
      } else {
        scratch.set(entity, at);
        at += entity.length;
      }
    }
    this.at = at;
  }

  private room(bytes: number): void {
    if (this.at + bytes <= scratch.length) return;
    const grown = Buffer.allocUnsafe(Math.max(2 * scratch.length, this.at + bytes));
    scratch.copy(grown, 0, 0, this.at);
    scratch = grown;
  }
}

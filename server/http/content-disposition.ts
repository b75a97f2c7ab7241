// A PDF's file name (docs/http.md): a viewer that saves the PDF, and a browser's download of it, name the file after
// the map, not `map.pdf` for every map. `inline`, so that a browser still shows it. RFC 6266: `filename` in
// ASCII for every client, `filename*` in UTF-8 (RFC 8187) beside it when the title holds other letters, which
// clients that read it prefer.

/** At most this many characters before `.pdf`: a title of 200 characters makes no file name. */
const MAX_NAME = 80;

/** Latin letters that do not decompose into an ASCII letter and a mark. */
const LATIN: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, each run of what `others` matches one hyphen, none at either end, at most MAX_NAME characters
 *  (whole ones: a letter outside the BMP is not cut in two). */
function slug(text: string, others: RegExp): string {
  const hyphenated = text
    .toLowerCase()
    .replace(others, '-')
    .replace(/^-+|-+$/g, '');
  return [...hyphenated].slice(0, MAX_NAME).join('').replace(/-+$/, '');
}

/** `inline; filename="…pdf"[; filename*=UTF-8''…pdf]` for a map titled `title`, else named after its scope (whose
 *  English name also stands in for a title of no Latin letters in `filename`). */
export function pdfDisposition(title: string | null, scopeName: string): string {
  // é → e by decomposition, ß → ss and the like by hand; other scripts are left to `filename*`
  const ascii = (text: string) =>
    slug(
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/[ßæøœłđðþı]/g, (letter) => LATIN[letter]!),
      /[^a-z0-9]+/g,
    );
  const unicode = (text: string) => slug(text.normalize('NFC'), /[^\p{L}\p{N}]+/gu);
  const named = title ?? scopeName;
  const plain = ascii(named) || ascii(scopeName) || 'map';
  const full = unicode(named) || plain;
  const header = `inline; filename="${plain}.pdf"`;
  return full === plain ? header : `${header}; filename*=UTF-8''${encodeURIComponent(full)}.pdf`;
}

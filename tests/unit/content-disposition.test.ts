// A PDF's file name: an ASCII slug of its title in `filename`, the title's own letters in `filename*` (RFC 6266,
// RFC 8187) only when they differ, the scope's name when there is no title or it has no Latin letters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pdfDisposition } from '../../server/http/content-disposition.ts';

test('a PDF is named after its title, else its scope, in ASCII and, where they differ, in UTF-8', () => {
  assert.equal(pdfDisposition(null, 'World'), 'inline; filename="world.pdf"');
  assert.equal(
    pdfDisposition('Unemployment rate, 2024 (%)', 'United States'),
    'inline; filename="unemployment-rate-2024.pdf"',
  );
  assert.equal(
    pdfDisposition('Straße & Ölpreis — Übersicht', 'Germany'),
    `inline; filename="strasse-olpreis-ubersicht.pdf"; filename*=UTF-8''stra%C3%9Fe-%C3%B6lpreis-%C3%BCbersicht.pdf`,
  );
  assert.equal(
    pdfDisposition('北京市人口', 'China'),
    `inline; filename="china.pdf"; filename*=UTF-8''%E5%8C%97%E4%BA%AC%E5%B8%82%E4%BA%BA%E5%8F%A3.pdf`,
  );
  assert.equal(pdfDisposition('Łódź, Ærøskøbing', 'Poland').split(';')[1], ' filename="lodz-aeroskobing.pdf"');
  assert.equal(pdfDisposition('"; filename=evil.exe', 'World'), 'inline; filename="filename-evil-exe.pdf"');
  assert.equal(pdfDisposition('!!!', 'European Union'), 'inline; filename="european-union.pdf"');
  const long = pdfDisposition(`${'a'.repeat(79)} b ${'c'.repeat(50)}`, 'World');
  assert.equal(long, `inline; filename="${'a'.repeat(79)}.pdf"`, 'at most 80 characters, no hyphen left at the end');
  // a letter outside the BMP is kept whole at the cut
  const emoji = pdfDisposition(`${'x'.repeat(79)}𝒜𝒜`, 'World');
  assert.match(emoji, /filename\*=UTF-8''x{79}%F0%9D%92%9C\.pdf$/);
});

// A table body's bytes → text: UTF-8 with or without BOM, UTF-16 with BOM, Windows-1252 when not UTF-8.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { decodeTable } from '../../server/request/table/decode.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/tables/${name}`, import.meta.url));
const EXPECTED = 'Land;Arbeitslosenquote\r\nBaden-Württemberg;3,9\r\nBayern;3,4\r\nThüringen;6,1\r\nSachsen;6,2\r\n';

test('UTF-8 with and without BOM', () => {
  assert.equal(decodeTable(Buffer.from('\uFEFFid,value\nDE,1', 'utf8')), 'id,value\nDE,1');
  assert.equal(decodeTable(Buffer.from('Thüringen,1', 'utf8')), 'Thüringen,1');
});

test('UTF-16 LE and BE with their BOM (Excel "Unicode text" is LE and tab-separated)', () => {
  assert.equal(decodeTable(fixture('excel-unicode-text.txt')), EXPECTED.replaceAll(';', '\t'));
  assert.equal(decodeTable(fixture('utf-16be.csv')), EXPECTED);
});

test('bytes that are not UTF-8 are Windows-1252 (Excel CSV on a Western Windows, Destatis GENESIS)', () => {
  assert.equal(decodeTable(fixture('excel-windows-1252.csv')), EXPECTED);
  assert.match(decodeTable(fixture('destatis-genesis.csv')), /^Thüringen;2\.108\.863;-\r$/m);
  // the euro sign and curly quotes are where Windows-1252 differs from Latin-1
  assert.equal(decodeTable(Buffer.from([0x80, 0x35, 0x20, 0x93, 0x61, 0x94])), '€5 “a”');
});

// The print size written into PNG and JPEG bytes: chunks a PNG decoder accepts (CRCs right, before the pixels),
// JFIF densities rewritten in place or a JFIF header added to a JPEG without one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { pngTextChunk, withPngChunks } from '../../server/render/png-chunks.ts';
import { pngDensityChunk, withJpegDensity } from '../../server/render/print-density.ts';

/** A 3×2 PNG as Chromium's encoder would start one: signature, IHDR, then the pixels. */
function tinyPng(): Buffer {
  const png = new PNG({ width: 3, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

test('a pHYs chunk of 96 dpi × scale in pixels per metre, that a decoder checks and reads', () => {
  for (const [scale, perMetre] of [
    [1, 3780],
    [2, 7559],
    [1.5, 5669],
    [4, 15118],
  ] as const) {
    const chunk = pngDensityChunk(scale);
    assert.equal(chunk.toString('latin1', 4, 8), 'pHYs');
    assert.deepEqual([chunk.readUInt32BE(8), chunk.readUInt32BE(12), chunk[16]], [perMetre, perMetre, 1]);
  }
  const stamped = withPngChunks(tinyPng(), [pngDensityChunk(2), pngTextChunk('Description', 'Județe, 北京')]);
  // pngjs checks every chunk's CRC, and that nothing but IHDR comes before it
  const decoded = PNG.sync.read(stamped, { checkCRC: true });
  assert.deepEqual([decoded.width, decoded.height, decoded.data[0]], [3, 2, 200]);
  assert.equal(stamped.toString('latin1', 37, 41), 'pHYs', 'right after IHDR');
  assert.ok(stamped.includes(Buffer.from('Județe, 北京', 'utf8')));
});

/** SOI, an APP0 JFIF 1.01 of density 1:1 without units (as Chromium writes it), then the rest of a JPEG. */
const CHROMIUM_JFIF = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex');

test('a JPEG: the JFIF density rewritten to dots per inch; a JPEG without JFIF gets a header', () => {
  const stamped = withJpegDensity(CHROMIUM_JFIF, 2);
  assert.equal(stamped.length, CHROMIUM_JFIF.length, 'rewritten where it is');
  assert.deepEqual([stamped[13], stamped.readUInt16BE(14), stamped.readUInt16BE(16)], [1, 192, 192]);
  assert.equal(CHROMIUM_JFIF[13], 0, 'the captured bytes are left as they were');
  assert.ok(stamped.subarray(18).equals(CHROMIUM_JFIF.subarray(18)), 'the rest untouched');

  const exifOnly = Buffer.from('ffd8ffe1000a457869660000ffdb', 'hex');
  const added = withJpegDensity(exifOnly, 3);
  assert.equal(added.toString('hex', 0, 11), 'ffd8ffe000104a46494600', 'SOI, APP0 of 16 bytes, JFIF');
  assert.deepEqual(
    [added.readUInt16BE(11), added[13], added.readUInt16BE(14), added.readUInt16BE(16)],
    [0x0101, 1, 288, 288],
  );
  assert.deepEqual([added[18], added[19]], [0, 0], 'no thumbnail');
  assert.ok(added.subarray(20).equals(exifOnly.subarray(2)), 'then the JPEG as it was');
});

// X-Geo-Warnings: the lines skipped around a table come first, so a long list of unknown ids cannot push them out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { geoWarnings, MAX_WARNINGS_BYTES } from '../../server/http/geo-warnings.ts';

test('skipped-lines leads the header and survives its byte bound', () => {
  const unknownIds = Array.from({ length: 50 }, (_, i) => `Nowhere ${'x'.repeat(60)} ${i}`);
  const header = geoWarnings({
    unknownIds,
    unknownRoutes: [],
    hiddenLabels: [],
    notDrawn: [],
    skippedLines: ['1-4', '250'],
  })!;
  assert.ok(header.startsWith('skipped-lines:1-4,250; unknown-ids:Nowhere%20'), header.slice(0, 80));
  assert.ok(header.length <= MAX_WARNINGS_BYTES);
  assert.equal(geoWarnings({ unknownIds: [], unknownRoutes: [], hiddenLabels: [], notDrawn: [] }), undefined);
});

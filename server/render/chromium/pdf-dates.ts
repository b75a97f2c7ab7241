// Chromium stamps every PDF with the time it was printed, so the same request would give other bytes each
// time (DESIGN rule 2). The stamps are pinned to one instant, written in as many bytes, so the cross-reference
// table's byte offsets stay true.
const STAMP = /\/(CreationDate|ModDate) \(D:\d{14}[+\-Z][^)]*\)/g;

export function pinnedDates(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const pinned = text.replace(STAMP, (stamp, key: string) => {
    const fixed = `/${key} (D:19700101000000Z`;
    return fixed + ' '.repeat(stamp.length - fixed.length - 1) + ')';
  });
  return pinned === text ? pdf : Buffer.from(pinned, 'latin1');
}

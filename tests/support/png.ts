// Telling a PNG by its bytes, as an image viewer does.
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const isPng = (body: Buffer): boolean => body.subarray(0, 8).equals(SIGNATURE);

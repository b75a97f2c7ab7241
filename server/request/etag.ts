import { createHash } from 'node:crypto';
import type { MapSpec } from '../../renderer-page/spec.ts';

/** The normalised request as the text its hashes are made of (the ETag here, a stored map's id in
 *  store/stored-form.ts). normalise.ts builds every object with its keys in a fixed order and sorts lists without
 *  meaning, so JSON.stringify is stable. Custom geometry is written as its key, a hash of its topology, rather than
 *  written out again. */
export const specText = (spec: MapSpec): string =>
  JSON.stringify(spec.geometry ? { ...spec, geometry: spec.geometry.key } : spec);

/** Quoted SHA-1 of the normalised request and the renderer's version. */
export function etagOf(spec: MapSpec, rendererVersion: string): string {
  return `"${createHash('sha1').update(rendererVersion).update('\0').update(specText(spec)).digest('hex')}"`;
}

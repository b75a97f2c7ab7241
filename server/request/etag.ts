import { createHash } from 'node:crypto';
import type { MapSpec } from '../../renderer-page/spec.ts';

/** Quoted SHA-1 of the normalised request and the renderer's version. normalise.ts builds every object
 *  with its keys in a fixed order and sorts lists without meaning, so JSON.stringify is stable. Custom geometry
 *  is hashed by its key, a hash of its topology, rather than written out again. */
export function etagOf(spec: MapSpec, rendererVersion: string): string {
  const written = JSON.stringify(spec.geometry ? { ...spec, geometry: spec.geometry.key } : spec);
  return `"${createHash('sha1').update(rendererVersion).update('\0').update(written).digest('hex')}"`;
}

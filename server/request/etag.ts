import { createHash } from 'node:crypto';
import type { MapSpec } from '../../renderer-page/spec.ts';

/** Quoted SHA-1 of the normalised request and the renderer's version. normalise.ts builds every object
 *  with its keys in a fixed order and sorts lists without meaning, so JSON.stringify is stable. */
export function etagOf(spec: MapSpec, rendererVersion: string): string {
  return `"${createHash('sha1').update(rendererVersion).update('\0').update(JSON.stringify(spec)).digest('hex')}"`;
}

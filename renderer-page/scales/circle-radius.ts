// The size scale of proportional circles, shared by the circles (layers/proportional.ts) and their key
// (furniture/size-key.ts), so a reference circle is drawn exactly as a region of that value would be.
import type { MapSpec } from '../spec.ts';

/** radius = max(min, √(value / largest) × max): area grows with the value, the largest value gets `max` px
 *  and none is drawn smaller than `min` px. */
export function circleRadius({ items, min, max }: MapSpec['proportional']): (value: number) => number {
  const largest = Math.max(0, ...items.map((i) => i.value));
  return (value) => Math.max(min, largest > 0 ? Math.sqrt(value / largest) * max : 0);
}

// A request's JSON checked for keys that every object inherits, before the schema looks at it (normalise.ts).
import { ApiError } from '../errors.ts';

/** Keys every object inherits (`toString`, `valueOf`, `constructor`, `__proto__`...) are own keys once JSON is
 *  parsed, and the validator then calls or looks up the client's value in their place and crashes. They are no
 *  field of anything, so they are refused first, at any depth (iteratively: JSON may nest deeply). `shapes` and
 *  `geometry` are checked by shape-schema.ts (strictly, which looks up only the fields it knows) and
 *  custom-geometry.ts, which only read the properties they know, so GeoJSON keeps whatever properties it has. */
export function refuseInheritedKeys(input: Record<string, unknown>): void {
  // objects still to look into, last first, each with where it is: its path is only written for an error
  interface Pending {
    value: object;
    parent: Pending | null;
    step: string | number;
  }
  const pathOf = (at: Pending): string => {
    const steps: string[] = [];
    for (let step: Pending | null = at; step; step = step.parent)
      steps.push(typeof step.step === 'number' ? `[${step.step}]` : step.parent ? `.${step.step}` : step.step);
    return steps.reverse().join('');
  };
  const pending: Pending[] = [];
  const look = (value: unknown, parent: Pending | null, step: string | number) => {
    if (typeof value === 'object' && value !== null) pending.push({ value, parent, step });
  };
  for (const key of Object.keys(input)) if (key !== 'shapes' && key !== 'geometry') look(input[key], null, key);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value } = next;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) look(value[i], next, i);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key in Object.prototype) {
        const path = pathOf(next);
        throw new ApiError('invalid_field', `${path} has a field "${key}", which is none of its fields`, path);
      }
      look((value as Record<string, unknown>)[key], next, key);
    }
  }
}

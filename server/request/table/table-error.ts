// How a table that cannot be read is refused: 400 `invalid_csv` on the body, naming the line where it can.
import { ApiError } from '../../errors.ts';

export function failAt(line: number | null, message: string): never {
  throw new ApiError('invalid_csv', line === null ? message : `line ${line}: ${message}`, 'body');
}

/** A cell quoted for a message, cut short so a huge cell cannot flood the response. */
export function show(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

// Military symbol codes (APP-6 / MIL-STD-2525), checked with milsymbol. A pure module: milsymbol builds its
// symbols as strings and needs no DOM for this, so the server checks codes in Node before anything is drawn.
import ms from 'milsymbol';

/** Only the numeric forms the service accepts: 20 digits (2525D, APP-6 D) or 30 digits (2525E). */
const NUMERIC_SIDC = /^(?:\d{20}|\d{30})$/;

/** True when `code` is a 20- or 30-digit SIDC that milsymbol knows how to draw: its symbol set, entity and
 *  modifiers are known to it (an unknown symbol set or entity is invalid). */
export function isValidSidc(code: string): boolean {
  if (!NUMERIC_SIDC.test(code)) return false;
  return new ms.Symbol(code, {}).isValid() === true;
}

import { MAX_BODY_DEPTH } from './bodyFaults.js';

/** What a byte is to the scan, outside strings. */
const QUOTE = 1;
const OPEN = 2;
const CLOSE = 3;
const NUMBER = 4;
const CLASS = new Uint8Array(256);
CLASS[0x22] = QUOTE;
CLASS[0x5b] = OPEN; // [
CLASS[0x7b] = OPEN; // {
CLASS[0x5d] = CLOSE; // ]
CLASS[0x7d] = CLOSE; // }
for (const byte of Buffer.from('-0123456789')) CLASS[byte] = NUMBER;
/** What may follow in a number, and which of those make an exponent. */
const IN_NUMBER = new Uint8Array(256);
for (const byte of Buffer.from('0123456789.+-')) IN_NUMBER[byte] = 1;
for (const byte of Buffer.from('eE')) IN_NUMBER[byte] = 2;
/** Digits past which a number without exponent may overflow a double (1.8e308 has 309). */
const LONGEST_SAFE_NUMBER = 300;
const BACKSLASH = 0x5c;
const NUL_ESCAPE = Buffer.from('\\u0000');

/**
 * Whether a JSON body's text may hold what bodyFault refuses (nesting past MAX_BODY_DEPTH, a
 * number that overflows, a `\u0000` escape), told from its bytes in one pass, before it is
 * parsed: most bodies hold none, and are then spared a walk of every value they hold (for a body
 * of 80,000 small objects, the walk cost twice the parse). Never false for a body that holds
 * one; true now and then for one that does not (a harmless `1e5`), which bodyFault then looks
 * into. Strings are skipped to their closing quote by the native search.
 */
export const mayHoldFault = (raw: Buffer): boolean => {
  // `\u0000`, the one way JSON writes U+0000: anywhere, in a string or (invalid) outside one.
  if (raw.includes(NUL_ESCAPE)) return true;
  let depth = 0;
  for (let i = 0; i < raw.length; i++) {
    switch (CLASS[raw[i]!]) {
      case QUOTE:
        // To the quote that closes the string: one not escaped by an odd run of backslashes.
        for (;;) {
          i = raw.indexOf(0x22, i + 1);
          if (i < 0) return false;
          let backslashes = 0;
          while (raw[i - 1 - backslashes] === BACKSLASH) backslashes++;
          if (backslashes % 2 === 0) break;
        }
        break;
      case OPEN:
        if (++depth > MAX_BODY_DEPTH) return true;
        break;
      case CLOSE:
        depth--;
        break;
      case NUMBER: {
        const start = i;
        let exponent = false;
        while (i + 1 < raw.length && IN_NUMBER[raw[i + 1]!]) {
          i++;
          if (IN_NUMBER[raw[i]!] === 2) exponent = true;
        }
        if (exponent || i - start + 1 > LONGEST_SAFE_NUMBER) return true;
        break;
      }
      default:
        break;
    }
  }
  return false;
};

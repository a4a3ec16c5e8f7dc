import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A prefixed, time-ordered identifier in the ULID layout (48 bits of milliseconds, 80 random
 * bits, Crockford base32): `evt_01J…`. One call to the random source per id.
 */
export const newId = (prefix: string, now: number = Date.now()): string => {
  let time = '';
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = ALPHABET[t % 32]! + time;
  const bytes = randomBytes(10);
  let random = '';
  // 80 bits as 16 groups of 5.
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      random += ALPHABET[(buffer >> bits) & 31]!;
    }
    buffer &= (1 << bits) - 1;
  }
  return `${prefix}_${time}${random}`;
};

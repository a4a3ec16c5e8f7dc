import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const ID_BYTES = 10;
/** Random bytes are drawn from the system a pool at a time: one call per id costs a system call each. */
const pool = Buffer.alloc(ID_BYTES * 512);
let taken = pool.length;

const randomBytes = (): Buffer => {
  if (taken + ID_BYTES > pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  taken += ID_BYTES;
  return pool.subarray(taken - ID_BYTES, taken);
};

/**
 * A prefixed, time-ordered identifier in the ULID layout (48 bits of milliseconds, 80 random
 * bits, Crockford base32): `evt_01J…`.
 */
export const newId = (prefix: string, now: number = Date.now()): string => {
  let time = '';
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = ALPHABET[t % 32]! + time;
  const bytes = randomBytes();
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

import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODES = Array.from(ALPHABET, (char) => char.charCodeAt(0));

const ID_BYTES = 10;
/** Random bytes are drawn from the system a pool at a time: one call per id costs a system call each. */
const pool = Buffer.alloc(ID_BYTES * 512);
let taken = pool.length;

/** The 26 characters of the id being made (ids are made one at a time, on one thread). */
const codes: number[] = new Array<number>(26).fill(0);

/** Five base32 characters at `at` from the low 25 bits of `value`, the last from the lowest bits. */
const fiveChars = (value: number, at: number) => {
  for (let i = at + 4; i >= at; i--) {
    codes[i] = CODES[value & 31]!;
    value >>>= 5;
  }
};

/**
 * A prefixed, time-ordered identifier in the ULID layout (48 bits of milliseconds, 80 random
 * bits, Crockford base32): `evt_01J…`. Built from integers of at most 32 bits: the time in two
 * halves of 25 bits, the random part in four of 20, so no step needs floating-point arithmetic.
 */
export const newId = (prefix: string, now: number = Date.now()): string => {
  const low = now % 33_554_432;
  fiveChars((now - low) / 33_554_432, 0);
  fiveChars(low, 5);
  if (taken + ID_BYTES > pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  // 80 bits, big-endian, as four groups of 20 (two and a half bytes each), each four characters.
  for (let group = 0; group < 4; group++) {
    const bit = group * 20;
    const byte = taken + (bit >> 3);
    const window = (pool[byte]! << 16) | (pool[byte + 1]! << 8) | pool[byte + 2]!;
    let value = bit % 8 === 0 ? window >>> 4 : window & 0xfffff;
    for (let i = 10 + group * 4 + 3; i >= 10 + group * 4; i--) {
      codes[i] = CODES[value & 31]!;
      value >>>= 5;
    }
  }
  taken += ID_BYTES;
  return `${prefix}_${String.fromCharCode(...codes)}`;
};

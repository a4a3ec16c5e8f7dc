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

/** The last id's time and its random part, as four groups of 20 bits, most significant first. */
let lastTime = -1;
const random = [0, 0, 0, 0];

/** Fresh random bits: 80, big-endian, as four groups of 20 (two and a half bytes each). */
const drawRandom = () => {
  if (taken + ID_BYTES > pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  for (let group = 0; group < 4; group++) {
    const bit = group * 20;
    const byte = taken + (bit >> 3);
    const window = (pool[byte]! << 16) | (pool[byte + 1]! << 8) | pool[byte + 2]!;
    random[group] = bit % 8 === 0 ? window >>> 4 : window & 0xfffff;
  }
  taken += ID_BYTES;
};

/** The random part plus one, carried from the lowest group up; false if all 80 bits were ones. */
const incrementRandom = (): boolean => {
  for (let group = 3; group >= 0; group--) {
    if (random[group]! < 0xfffff) {
      random[group]! += 1;
      return true;
    }
    random[group] = 0;
  }
  return false;
};

/**
 * A prefixed, time-ordered identifier in the ULID layout (48 bits of milliseconds, 80 random
 * bits, Crockford base32): `evt_01J…`. Ids made in one millisecond increase, as the ULID spec's
 * monotonic factory makes them: the first draws its random part, each next one adds one to it. So
 * lists sorted by id keep the order things were made in, however fast they were made, and the
 * clock stepping back does not reorder them either. Built from integers of at most 32 bits: the
 * time in two halves of 25 bits, the random part in four of 20, so no step needs floating-point
 * arithmetic.
 */
export const newId = (prefix: string, at?: number): string => {
  // An explicit time is taken as given; the clock's never goes back past the last id's.
  let now = at ?? Math.max(Date.now(), lastTime);
  if (now !== lastTime) drawRandom();
  else if (!incrementRandom()) {
    // 2^80 ids in one millisecond: the next millisecond's first.
    now += 1;
    drawRandom();
  }
  lastTime = now;
  const low = now % 33_554_432;
  fiveChars((now - low) / 33_554_432, 0);
  fiveChars(low, 5);
  for (let group = 0; group < 4; group++) {
    let value = random[group]!;
    for (let i = 10 + group * 4 + 3; i >= 10 + group * 4; i--) {
      codes[i] = CODES[value & 31]!;
      value >>>= 5;
    }
  }
  return `${prefix}_${String.fromCharCode(...codes)}`;
};

import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { isIP } from 'node:net';

/** A configuration value that is not what its variable takes, naming the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

export const fromString = <A>(name: string, parse: (raw: string) => A | undefined) =>
  new t.Type<A, string, unknown>(
    name,
    (u): u is A => u !== undefined,
    (u, c) => {
      if (typeof u !== 'string') return t.failure(u, c);
      const value = parse(u.trim());
      return value === undefined ? t.failure(u, c) : t.success(value);
    },
    String,
  );

export const integer = (min: number, max: number) =>
  fromString(`an integer from ${min} to ${max}`, (raw) => {
    if (!/^-?\d+$/.test(raw)) return undefined;
    const n = Number(raw);
    return n >= min && n <= max ? n : undefined;
  });

export const boolean = fromString(
  'true or false',
  (raw) => ({ true: true, false: false, '1': true, '0': false })[raw.toLowerCase()],
);

export const positiveDecimals = fromString(
  'a comma-separated list of positive numbers of seconds',
  (raw) => {
    const parts = raw.split(',').map((p) => p.trim());
    if (parts.length === 0 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return undefined;
    const values = parts.map(Number);
    return values.every((v) => v > 0) ? values : undefined;
  },
);

export const oneOf = <const V extends string>(...values: V[]) =>
  fromString(values.join(' or '), (raw) => values.find((v) => v === raw.toLowerCase()));

export const nonEmpty = fromString('a non-empty string', (raw) =>
  raw.length > 0 ? raw : undefined,
);
export const schemaName = fromString('a lower-case SQL identifier', (raw) =>
  /^[a-z_][a-z0-9_]{0,62}$/.test(raw) ? raw : undefined,
);

export const adminKey = fromString('at least 32 characters', (raw) =>
  raw.length >= 32 ? raw : undefined,
);

/**
 * A bearer token a client must present: long enough that no rate of guessing finds it, and made of
 * characters a header carries as they are.
 */
export const bearerToken = fromString(
  'at least 32 characters, with no spaces or control characters',
  (raw) => (raw.length >= 32 && /^[\x21-\x7e]+$/.test(raw) ? raw : undefined),
);

/** The ranges express's `trust proxy` knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Proxies in front of the service: addresses (`10.0.0.7`, `::1`), CIDR blocks (`10.0.0.0/8`,
 * `fd00::/8`), or express's names for the loopback, link-local and unique-local ranges.
 */
export const proxyList = fromString(
  'a comma-separated list of IP addresses or CIDR blocks (or loopback, linklocal, uniquelocal)',
  (raw) => {
    const list = raw.split(',').map((entry) => entry.trim());
    const valid = (entry: string): boolean => {
      if (NAMED_RANGES.includes(entry)) return true;
      const [address = '', prefix, ...rest] = entry.split('/');
      // A zone (`fe80::1%eth0`) names an interface of one machine: no proxy is known by it.
      const version = address.includes('%') ? 0 : isIP(address);
      if (version === 0 || rest.length > 0) return false;
      if (prefix === undefined) return true;
      const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : 0;
      return bits >= 1 && bits <= (version === 4 ? 32 : 128);
    };
    return list.length > 0 && list.every(valid) ? list : undefined;
  },
);

export const encryptionKey = fromString('the base64 of 32 bytes', (raw) => {
  const key = Buffer.from(raw, 'base64');
  return key.length === 32 ? key : undefined;
});

/** A positive number of days, fractions allowed (a retention of seconds, for a test). */
export const positiveDays = fromString('a positive number of days, at most 36500', (raw) => {
  if (!/^\d+(\.\d+)?$/.test(raw)) return undefined;
  const days = Number(raw);
  return days > 0 && days <= 36_500 ? days : undefined;
});

export const brokers = fromString('a comma-separated list of host:port', (raw) => {
  const list = raw.split(',').map((b) => b.trim());
  return list.every((b) => /^[^\s:]+:\d+$/.test(b)) ? list : undefined;
});

/** One variable: its decoded value, the fallback when unset, or a ConfigError naming it. */
export const read = <A, F>(
  env: NodeJS.ProcessEnv,
  name: string,
  codec: t.Type<A, string, unknown>,
  fallback: F,
): A | F => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const decoded = codec.decode(raw);
  // The value itself is not repeated: it may be a secret.
  if (isLeft(decoded)) throw new ConfigError(name, `expected ${codec.name}`);
  return decoded.right;
};

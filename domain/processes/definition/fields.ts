import type { FieldFault } from '../../shared/errors.js';

/**
 * Readers for the fields of a caller's definition body. A definition is refused with every fault
 * at once, so a reader never stops at the first: it records a fault at the field's path and gives
 * back undefined, and the caller goes on reading the rest.
 */
export type Faults = FieldFault[];

/** Reads one value found at `path`; undefined when it is not good (a fault says why). */
export type Reader<T> = (value: unknown, path: string, faults: Faults) => T | undefined;

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths in dot notation, as the caller wrote them: `steps.2.next`. The root is ''. */
export const pathOf = (base: string, key: string | number): string =>
  base === '' ? String(key) : `${base}.${key}`;

const refuse = (faults: Faults, path: string, message: string): undefined => {
  faults.push({ path, message });
  return undefined;
};

export const required = <T>(
  object: JsonObject,
  key: string,
  base: string,
  faults: Faults,
  read: Reader<T>,
): T | undefined =>
  object[key] === undefined
    ? refuse(faults, pathOf(base, key), 'is required')
    : read(object[key], pathOf(base, key), faults);

export const optional = <T>(
  object: JsonObject,
  key: string,
  base: string,
  faults: Faults,
  read: Reader<T>,
): T | undefined =>
  object[key] === undefined ? undefined : read(object[key], pathOf(base, key), faults);

export const refuseUnknownFields = (
  object: JsonObject,
  known: readonly string[],
  base: string,
  faults: Faults,
): void => {
  for (const key of Object.keys(object)) {
    if (!known.includes(key))
      faults.push({ path: pathOf(base, key), message: 'is not a known field' });
  }
};

/** Reads an object, refusing fields it does not know. */
export const object =
  (known: readonly string[]): Reader<JsonObject> =>
  (value, path, faults) => {
    if (!isJsonObject(value)) return refuse(faults, path, 'must be an object');
    refuseUnknownFields(value, known, path, faults);
    return value;
  };

export const text =
  (rule: { min?: number; max?: number; pattern?: RegExp } = {}): Reader<string> =>
  (value, path, faults) => {
    if (typeof value !== 'string') return refuse(faults, path, 'must be a string');
    const { min = 0, max, pattern } = rule;
    if (value.length < min || (max !== undefined && value.length > max)) {
      const size =
        max === undefined ? `at least ${min}` : min === 0 ? `at most ${max}` : `${min} to ${max}`;
      return refuse(faults, path, `must be ${size} characters long`);
    }
    if (pattern && !pattern.test(value))
      return refuse(faults, path, `must match ${pattern.source}`);
    return value;
  };

export const integer =
  (min: number, max: number): Reader<number> =>
  (value, path, faults) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? value
      : refuse(faults, path, `must be an integer from ${min} to ${max}`);

export const boolean: Reader<boolean> = (value, path, faults) =>
  typeof value === 'boolean' ? value : refuse(faults, path, 'must be true or false');

export const oneOf =
  <T extends string>(allowed: readonly T[]): Reader<T> =>
  (value, path, faults) =>
    allowed.includes(value as T)
      ? (value as T)
      : refuse(faults, path, `must be one of ${allowed.join(', ')}`);

/** Reads a non-empty list, each entry at `path.<index>`. */
export const list =
  <T>(entry: Reader<T>): Reader<Array<T | undefined>> =>
  (value, path, faults) => {
    if (!Array.isArray(value)) return refuse(faults, path, 'must be a list');
    if (value.length === 0) refuse(faults, path, 'must not be empty');
    return value.map((item: unknown, i) => entry(item, pathOf(path, i), faults));
  };

/** Drops the fields left undefined, so that an optional field that is absent stays absent. */
export const present = <T extends JsonObject>(fields: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<T>;

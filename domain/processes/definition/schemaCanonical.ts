const inOrder = (keys: readonly string[]): boolean =>
  keys.every((key, i) => i === 0 || (keys[i - 1] ?? '') <= key);

/** An object's members with their keys in order; the object itself when they already are. */
const withSortedKeys = (_key: string, value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (inOrder(keys)) return object;
  // No prototype: a key `__proto__` stays a member instead of replacing the prototype.
  const sorted = Object.create(null) as Record<string, unknown>;
  for (const key of keys.sort()) sorted[key] = object[key];
  return sorted;
};

/**
 * One text per JSON value under JSON Schema's equality: objects equal whatever the order of their
 * keys, arrays item by item, numbers by value (`1` and `1.0` are one number once parsed, and
 * JSON.stringify writes -0 as 0). Two values are equal exactly when their canonical texts are, so
 * equality over many values is a Set lookup instead of a comparison of every pair.
 *
 * Objects list integer-like keys first whatever the order they were added in; the keys of two
 * objects with the same members therefore come out in the same order either way.
 */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, withSortedKeys) ?? 'null';

/** `LIKE` with the wildcard characters of a prefix escaped, so `a_b.` matches only itself. */
export const likePrefix = (prefix: string): string =>
  prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';

/**
 * The first string after every string that starts with `prefix`: the prefix with its last code
 * point raised by one (UTF-8 keeps code point order, and the stores compare text bytewise), or
 * undefined when there is none to raise. A prefix is then a range of its column.
 */
export const pastPrefix = (prefix: string): string | undefined => {
  const points = [...prefix];
  const last = points.pop()?.codePointAt(0);
  if (last === undefined || last >= 0xd7ff) return undefined;
  return points.join('') + String.fromCodePoint(last + 1);
};

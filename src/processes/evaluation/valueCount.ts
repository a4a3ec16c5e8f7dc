/**
 * How many values `value` holds (itself, and each inside it down to `depth` levels below it),
 * counted no further than past `limit`: what checking it against a schema costs, per application
 * of the schema's parts. A list or an object counts its members before they are visited, so that
 * one of millions is told over the limit at once.
 */
export const countValues = (value: unknown, limit: number, depth = Infinity): number => {
  let count = 1;
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0 && count <= limit) {
    const next = pending.pop()!;
    if (next.depth >= depth || typeof next.value !== 'object' || next.value === null) continue;
    const members: unknown[] = Array.isArray(next.value) ? next.value : Object.values(next.value);
    count += members.length;
    if (count <= limit)
      for (const member of members) pending.push({ value: member, depth: next.depth + 1 });
  }
  return count;
};

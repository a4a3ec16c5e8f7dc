/**
 * How many values `value` holds (itself, and each inside it), counted no further than past
 * `limit`: what checking it against a schema costs, per application of the schema's parts. A list
 * or an object counts its members before they are visited, so that one of millions is told over
 * the limit at once.
 */
export const countValues = (value: unknown, limit: number): number => {
  let count = 1;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count <= limit) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    const members: unknown[] = Array.isArray(next) ? next : Object.values(next);
    count += members.length;
    if (count <= limit) for (const member of members) pending.push(member);
  }
  return count;
};

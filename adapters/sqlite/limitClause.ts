/**
 * A row limit written into the SQL as a literal. A bound `LIMIT ?` makes SQLite compile the
 * statement again on every run (the value may change the plan), which costs more than the query
 * itself; a literal keeps one compiled statement per limit, and callers use a handful of limits.
 */
export const limitClause = (limit: number | undefined): string => {
  if (limit === undefined) return '';
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Invalid row limit: ${limit}`);
  return ` LIMIT ${limit}`;
};

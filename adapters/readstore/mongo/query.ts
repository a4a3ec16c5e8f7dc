import type { Filter, Sort } from 'mongodb';
import type { FindQuery, Scalar } from '../port.js';
import { InvalidCursorError } from '../port.js';
import { decodeCursor } from '../cursor.js';
import { checkName } from '../checkName.js';
import type { Row } from './writes.js';

/** The conditions of a query, but for its cursor. */
export const conditionsOf = (query: Omit<FindQuery, 'cursor' | 'limit'>): Filter<Row>[] => {
  const conditions: Filter<Row>[] = [];
  for (const [name, value] of Object.entries(query.where ?? {})) {
    // `null` matches a field that is null or absent, as the embedded store's IS NULL does.
    conditions.push({ [checkName('field', name)]: value });
  }
  for (const [name, values] of Object.entries(query.exclude ?? {})) {
    if (values.length > 0) conditions.push({ [checkName('field', name)]: { $nin: [...values] } });
  }
  const sort = checkName('field', query.orderBy.field);
  const range: Record<string, Scalar> = {};
  if (query.range?.gte !== undefined) range.$gte = query.range.gte;
  if (query.range?.lte !== undefined) range.$lte = query.range.lte;
  if (Object.keys(range).length > 0) conditions.push({ [sort]: range });
  return conditions;
};

/**
 * Keyset paging: the documents after the cursor's (sort value, id) in the query's order. The
 * cursor is the embedded store's encoding, so a cursor means the same thing in both modes.
 */
export const afterCursor = (query: FindQuery): Filter<Row> | undefined => {
  if (query.cursor === undefined) return undefined;
  const decoded = decodeCursor(query.cursor);
  if (!decoded) throw new InvalidCursorError();
  const [value, id] = decoded;
  const beyond = query.orderBy.direction === 'asc' ? '$gt' : '$lt';
  const sort = checkName('field', query.orderBy.field);
  return { $or: [{ [sort]: { [beyond]: value } }, { [sort]: value, _id: { [beyond]: id } }] };
};

export const filterOf = (conditions: Filter<Row>[]): Filter<Row> =>
  conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0]! : { $and: conditions };

/** The sort field, then the id, both in the query's direction: the order the cursor follows. */
export const sortOf = (query: Pick<FindQuery, 'orderBy'>): Sort => {
  const direction = query.orderBy.direction === 'asc' ? 1 : -1;
  return { [checkName('field', query.orderBy.field)]: direction, _id: direction };
};

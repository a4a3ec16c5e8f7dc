import type { FindQuery, ReadStore } from '../../adapters/readstore/port.js';
import type { Collection } from '../../projections/collection.js';

/** The documents a collection holds: read through its typed handle, they come typed. */
export type DocOf<C> = C extends Collection<infer D> ? D : never;

export type TypedPage<D> = { docs: D[]; nextCursor: string | null };

/** One document by id. The collection's type is the store's promise: no cast at the call. */
export const getDoc = <D>(
  readStore: Pick<ReadStore, 'get'>,
  from: Collection<D>,
  id: string,
): Promise<D | undefined> => readStore.get(from, id) as Promise<D | undefined>;

/** One page of documents. */
export const findDocs = <D>(
  readStore: Pick<ReadStore, 'find'>,
  from: Collection<D>,
  query: FindQuery,
): Promise<TypedPage<D>> => readStore.find(from, query) as Promise<TypedPage<D>>;

/** Pages read whole, by 100: for the reads bounded by what they ask for (a merchant's endpoints). */
const PAGE = 100;

/** Every document the query finds, page after page. */
export const allDocs = async <D>(
  readStore: Pick<ReadStore, 'find'>,
  from: Collection<D>,
  query: Omit<FindQuery, 'cursor' | 'limit'>,
): Promise<D[]> => {
  const docs: D[] = [];
  let cursor: string | undefined;
  do {
    const page = await findDocs(readStore, from, {
      ...query,
      limit: PAGE,
      ...(cursor && { cursor }),
    });
    docs.push(...page.docs);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return docs;
};

import type { Collection, Document } from 'mongodb';

/** MongoDB's codes for "no such collection" and "no such index". */
const NAMESPACE_NOT_FOUND = 26;
const INDEX_NOT_FOUND = 27;

const codeOf = (error: unknown): number | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === undefined ? undefined : Number(code);
};

/** An index as the server lists it, as far as these adapters read it. */
export type ListedIndex = { name?: string; key: Document; expireAfterSeconds?: number };

/** A collection's indexes; none while the collection does not exist yet (it is made on first use). */
export const existingIndexes = async (
  collection: Pick<Collection<Document>, 'listIndexes'>,
): Promise<ListedIndex[]> => {
  try {
    return (await collection.listIndexes().toArray()) as ListedIndex[];
  } catch (error) {
    if (codeOf(error) === NAMESPACE_NOT_FOUND) return [];
    throw error;
  }
};

/** Drops an index; one already gone (another process dropped it first) is no failure. */
export const dropIndexIfPresent = async (
  collection: Pick<Collection<Document>, 'dropIndex'>,
  name: string,
): Promise<void> => {
  try {
    await collection.dropIndex(name);
  } catch (error) {
    const code = codeOf(error);
    if (code !== INDEX_NOT_FOUND && code !== NAMESPACE_NOT_FOUND) throw error;
  }
};

/**
 * Whether two index keys are the same fields in the same order and directions: MongoDB refuses a
 * second index of the same key under another name, and takes a key in another order for another
 * index.
 */
export const sameKey = (a: Document, b: Document): boolean => {
  const left: [string, unknown][] = Object.entries(a);
  const right: [string, unknown][] = Object.entries(b);
  return (
    left.length === right.length &&
    left.every(([field, direction], i) => {
      const [otherField, otherDirection] = right[i]!;
      // A direction read back from the server may be a double or an Int32 of the same value.
      return (
        field === otherField &&
        (direction === otherDirection || Number(direction) === Number(otherDirection))
      );
    })
  );
};

import type { Collection, Db, Document } from 'mongodb';
import type { ListedIndex } from './indexes.js';
import { dropIndexIfPresent, existingIndexes, sameKey } from './indexes.js';

/** An index by which the server removes documents this long after the date in `field`. */
export type TtlIndex = {
  name: string;
  field: string;
  expireAfterSeconds: number;
  /**
   * Names of plain indexes on `field` that earlier versions of this code created. MongoDB keeps one
   * index per key, so such an index stands in the TTL index's way; it is dropped for it.
   */
  replaces: readonly string[];
};

export type TtlIndexStep =
  { kind: 'none' } | { kind: 'create'; drop: string[] } | { kind: 'retime' };

/**
 * What brings a collection's indexes to `wanted`. An index of the same key that expires documents
 * after the same time does, whatever its name (an operator may have made it). Ours, under its own
 * name, is retimed when the time changed. Another TTL index on the field is an operator's choice,
 * and left alone: the server cannot hold two of one key. So is a plain index we did not make.
 */
export const ttlIndexStep = (wanted: TtlIndex, existing: readonly ListedIndex[]): TtlIndexStep => {
  const onField = existing.filter((index) => sameKey(index.key, { [wanted.field]: 1 }));
  if (onField.length === 0) return { kind: 'create', drop: [] };
  if (onField.some((index) => index.expireAfterSeconds === wanted.expireAfterSeconds)) {
    return { kind: 'none' };
  }
  if (onField.some((index) => index.name === wanted.name)) return { kind: 'retime' };
  const ours = onField.filter(
    (index) => index.expireAfterSeconds === undefined && wanted.replaces.includes(index.name ?? ''),
  );
  if (ours.length === onField.length) {
    return { kind: 'create', drop: ours.map((index) => index.name!) };
  }
  return { kind: 'none' };
};

/**
 * Makes sure the server expires the collection's documents, as `ttlIndexStep` decides. Processes
 * starting together may both take a step: dropping a dropped index and creating an identical index
 * twice both succeed.
 */
export const ensureTtlIndex = async (
  db: Pick<Db, 'command'>,
  collection: Pick<
    Collection<Document>,
    'collectionName' | 'listIndexes' | 'createIndex' | 'dropIndex'
  >,
  wanted: TtlIndex,
): Promise<void> => {
  const step = ttlIndexStep(wanted, await existingIndexes(collection));
  switch (step.kind) {
    case 'none':
      return;
    case 'retime':
      await db.command({
        collMod: collection.collectionName,
        index: { name: wanted.name, expireAfterSeconds: wanted.expireAfterSeconds },
      });
      return;
    case 'create':
      for (const name of step.drop) await dropIndexIfPresent(collection, name);
      await collection.createIndex(
        { [wanted.field]: 1 },
        { name: wanted.name, expireAfterSeconds: wanted.expireAfterSeconds },
      );
  }
};

import type { Db, Document } from 'mongodb';
import type { CollectionSpec } from '../../../projections/projection.js';
import type { ListedIndex } from '../../mongo/indexes.js';
import { dropIndexIfPresent, existingIndexes, sameKey } from '../../mongo/indexes.js';
import { checkName } from '../checkName.js';
import { collectionName } from './names.js';

/** Names given by position in a projection's list (ix0, ix1, …), as earlier versions did. */
const POSITIONAL_NAME = /^ix\d+$/;
const PREFIX = 'ix';
/** Cannot occur in a field's name, so a name reads back to exactly one list of fields. */
const SEPARATOR = '-';

/**
 * An index's name, after its fields in order: an index list that changes names its new indexes
 * anew, where a name by position would ask the server for another key under a name it already
 * holds, which it refuses.
 */
export const indexName = (fields: readonly string[]): string =>
  [PREFIX, ...fields.map((field) => checkName('field', field))].join(SEPARATOR);

/** Each index ends with the id, so that a page sorted by its last field pages by the id too. */
const indexKey = (fields: readonly string[]): Document => ({
  ...Object.fromEntries(fields.map((field) => [checkName('field', field), 1])),
  _id: 1,
});

const madeHere = (name: string): boolean =>
  POSITIONAL_NAME.test(name) || name.startsWith(PREFIX + SEPARATOR);

export type IndexSteps = {
  create: { name: string; key: Document }[];
  drop: string[];
};

/**
 * What brings a collection's indexes to a projection's list. A wanted key that some index already
 * has needs nothing, whatever that index is named: the server keeps one index per key, and an
 * index of the earlier naming serves as well. Indexes this code made whose keys are no longer
 * wanted are dropped; any other index (an operator's) is left alone.
 */
export const indexSteps = (
  wanted: readonly (readonly string[])[],
  existing: readonly ListedIndex[],
): IndexSteps => {
  // A list naming the same fields twice wants one index of them.
  const wantedIndexes = [...new Map(wanted.map((fields) => [indexName(fields), fields]))].map(
    ([name, fields]) => ({ name, key: indexKey(fields) }),
  );
  return {
    create: wantedIndexes.filter(({ key }) => !existing.some((index) => sameKey(index.key, key))),
    drop: existing
      .filter(
        (index) =>
          index.name !== undefined &&
          madeHere(index.name) &&
          !wantedIndexes.some(({ key }) => sameKey(index.key, key)),
      )
      .map((index) => index.name!),
  };
};

/**
 * Brings a generation's collection to its projection's indexes. New indexes are built before the
 * unwanted ones go, so that queries of a live collection are never left without the index they
 * use. Processes doing this at once may both create an index (the same twice is no failure) and
 * both drop one (an index already gone is none either).
 */
export const createIndexes = async (
  db: Db,
  spec: CollectionSpec,
  generation: number,
): Promise<void> => {
  const collection = db.collection(collectionName(spec.name, generation));
  const steps = indexSteps(spec.indexes, await existingIndexes(collection));
  if (steps.create.length > 0) await collection.createIndexes(steps.create);
  for (const name of steps.drop) await dropIndexIfPresent(collection, name);
};

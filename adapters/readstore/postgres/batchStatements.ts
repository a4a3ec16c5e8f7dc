import type { Change, CollectionSpec, Doc } from '../../../projections/projection.js';
import type pg from 'pg';
import { fold, keyOf, patchedIds } from './batchFold.js';
import type { StateRow } from './registry.js';
import { layoutOf } from './sortKeys.js';
import { tableName } from './tables.js';

/**
 * A batch's statements as text, its values written in as literals, so that the statements of many
 * batches travel to the server together, in one round trip (a multi-statement query takes no
 * parameters). `literal` quotes a string as the connection's own escaping does.
 */
export type Literal = (value: string) => string;

const list = (literal: Literal, values: Iterable<string>) => [...values].map(literal).join(', ');

/** One read per collection of the documents a batch's patches need, from `source`'s tables. */
export const patchReads = (
  literal: Literal,
  changes: readonly Change[],
  source: (collection: string) => string,
): PatchRead[] =>
  [...patchedIds(changes)].map(([collection, ids]) => ({
    collection,
    sql: `SELECT doc FROM ${source(collection)} WHERE id IN (${list(literal, ids)})`,
  }));

export type PatchRead = { collection: string; sql: string };

/** The results of a query of several statements, or of one. */
export const resultsOf = (results: unknown): pg.QueryResult[] =>
  Array.isArray(results) ? (results as pg.QueryResult[]) : [results as pg.QueryResult];

/** The documents `reads` found, by key, from their results in the same order. */
export const docsRead = (
  reads: readonly PatchRead[],
  results: readonly pg.QueryResult[],
): Map<string, Doc> => {
  const docs = new Map<string, Doc>();
  reads.forEach(({ collection }, i) => {
    for (const { doc } of results[i]!.rows as Array<{ doc: Doc }>)
      docs.set(keyOf(collection, doc.id), doc);
  });
  return docs;
};

/** The projection's collections, by name; a batch that changes another's is refused whole. */
export const ownedSpecs = (
  row: StateRow,
  changes: readonly Change[],
): ((collection: string) => CollectionSpec) => {
  const specs = new Map(row.collections.map((spec) => [spec.name, spec]));
  const specOf = (collection: string): CollectionSpec => {
    const spec = specs.get(collection);
    if (!spec) throw new Error(`${row.name} does not own the collection ${collection}.`);
    return spec;
  };
  for (const change of changes) specOf(change.collection);
  return specOf;
};

/**
 * The deletes and upserts that leave a batch's documents as its changes say, one of each per
 * collection, in the tables of `generation`. `read`: the documents its patches read, by key.
 */
export const writeStatements = (
  literal: Literal,
  specOf: (collection: string) => CollectionSpec,
  generation: number,
  changes: readonly Change[],
  read: Map<string, Doc>,
): string[] => {
  const outcomes = fold(changes, read);
  const statements: string[] = [];
  for (const collection of new Set(outcomes.map((outcome) => outcome.collection))) {
    const spec = specOf(collection);
    const table = tableName(spec.name, generation);
    const mine = outcomes.filter((outcome) => outcome.collection === collection);
    // A document born in the batch and deleted in it was never written: nothing to delete.
    const gone = mine.filter((outcome) => !outcome.doc && outcome.existed !== false);
    if (gone.length > 0)
      statements.push(
        `DELETE FROM ${table} WHERE id IN (${list(
          literal,
          gone.map((outcome) => outcome.id),
        )})`,
      );
    const docs = mine.flatMap((outcome) => (outcome.doc ? [outcome.doc] : []));
    if (docs.length === 0) continue;
    const layout = layoutOf(spec);
    const rows = docs.map((doc) => {
      const keys = layout.keys(doc).map((key) => (key === null ? 'NULL' : literal(key)));
      return `(${[literal(doc.id), literal(JSON.stringify(doc)), ...keys].join(', ')})`;
    });
    const columns = ['id', 'doc', ...layout.columns];
    const updates = columns.slice(1).map((column) => `${column} = EXCLUDED.${column}`);
    statements.push(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.join(', ')}
       ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
    );
  }
  return statements;
};

import { batchGeneration } from '../batchTarget.js';
import type pg from 'pg';
import type { Position } from '../../../domain/shared/envelope.js';
import type { Change, CollectionSpec, Doc } from '../../../projections/projection.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { Target } from '../port.js';
import type { StateRow } from './registry.js';
import { withProjection } from './registry.js';
import { layoutOf } from './sortKeys.js';
import { tableName } from './tables.js';

/** A document as the batch leaves it: written, deleted, or untouched since it was read. */
export type Outcome = { doc: Doc | null; written: boolean; existed: boolean | undefined };

export const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/** The ids of the documents the batch's patches need to read, by collection. */
export const patchedIds = (changes: readonly Change[]): Map<string, Set<string>> => {
  const wanted = new Map<string, Set<string>>();
  const settled = new Set<string>();
  for (const change of changes) {
    const id = change.op === 'put' ? change.doc.id : change.id;
    const key = keyOf(change.collection, id);
    if (change.op === 'patch' && !settled.has(key)) {
      const ids = wanted.get(change.collection) ?? new Set();
      ids.add(id);
      wanted.set(change.collection, ids);
    }
    // A put or delete before a patch decides what the patch sees: no read needed.
    settled.add(key);
  }
  return wanted;
};

/** The documents the batch's patches need, read in one statement per collection. */
const readPatched = async (
  client: pg.PoolClient,
  changes: readonly Change[],
  tableOf: (collection: string) => string,
): Promise<Map<string, Doc>> => {
  const found = new Map<string, Doc>();
  for (const [collection, ids] of patchedIds(changes)) {
    const rows = await client.query<{ doc: Doc }>(
      `SELECT doc FROM ${tableOf(collection)} WHERE id = ANY($1)`,
      [[...ids]],
    );
    for (const row of rows.rows) found.set(keyOf(collection, row.doc.id), row.doc);
  }
  return found;
};

/** The batch folded over what it read: each document's last state. */
export const fold = (changes: readonly Change[], read: Map<string, Doc>) => {
  const outcomes = new Map<string, Outcome & { collection: string; id: string }>();
  for (const change of changes) {
    const id = change.op === 'put' ? change.doc.id : change.id;
    const key = keyOf(change.collection, id);
    const before = outcomes.get(key);
    const existed = before
      ? before.existed
      : change.op === 'put' && change.fresh
        ? false
        : undefined;
    const current = before ? before.doc : (read.get(key) ?? null);
    if (change.op === 'put') {
      outcomes.set(key, {
        collection: change.collection,
        id,
        doc: { ...change.doc },
        written: true,
        existed,
      });
    } else if (change.op === 'delete') {
      outcomes.set(key, { collection: change.collection, id, doc: null, written: true, existed });
    } else {
      if (!current && !change.setOnInsert) continue;
      const doc: Doc = current ? { ...current } : { ...change.setOnInsert, id };
      Object.assign(doc, change.set);
      for (const [name, by] of Object.entries(change.inc ?? {})) {
        const value = doc[name];
        doc[name] = (typeof value === 'number' ? value : 0) + by;
      }
      outcomes.set(key, { collection: change.collection, id, doc, written: true, existed });
    }
  }
  return [...outcomes.values()].filter((outcome) => outcome.written);
};

const upsert = async (client: pg.PoolClient, table: string, spec: CollectionSpec, docs: Doc[]) => {
  const layout = layoutOf(spec);
  const columns = ['id', 'doc', ...layout.columns];
  const keys = docs.map((doc) => layout.keys(doc));
  const params = [
    docs.map((doc) => doc.id),
    docs.map((doc) => JSON.stringify(doc)),
    ...layout.columns.map((_, i) => keys.map((row) => row[i] ?? null)),
  ];
  const arrays = columns.map((column, i) => `$${i + 1}::${column === 'doc' ? 'json' : 'text'}[]`);
  const updates = columns.slice(1).map((column) => `${column} = EXCLUDED.${column}`);
  await client.query(
    `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
    params,
  );
};

/** Writes the batch's outcomes: upserts and deletes, one statement each per collection. */
const write = async (
  client: pg.PoolClient,
  outcomes: ReturnType<typeof fold>,
  specOf: (collection: string) => CollectionSpec,
  tableOf: (collection: string) => string,
) => {
  for (const collection of new Set(outcomes.map((outcome) => outcome.collection))) {
    const mine = outcomes.filter((outcome) => outcome.collection === collection);
    const docs = mine.flatMap((outcome) => (outcome.doc ? [outcome.doc] : []));
    // A document born in the batch and deleted in it was never written: nothing to delete.
    const gone = mine.filter((outcome) => !outcome.doc && outcome.existed !== false);
    if (gone.length > 0)
      await client.query(`DELETE FROM ${tableOf(collection)} WHERE id = ANY($1)`, [
        gone.map((outcome) => outcome.id),
      ]);
    if (docs.length > 0) await upsert(client, tableOf(collection), specOf(collection), docs);
  }
};

/** Writes a projection's changes to the tables of `generation`: its checkpoint is the caller's. */
export const writeChanges = async (
  client: pg.PoolClient,
  row: StateRow,
  generation: number,
  changes: readonly Change[],
): Promise<void> => {
  const specs = new Map(row.collections.map((spec) => [spec.name, spec]));
  const specOf = (collection: string) => {
    const spec = specs.get(collection);
    if (!spec) throw new Error(`${row.name} does not own the collection ${collection}.`);
    return spec;
  };
  const tableOf = (collection: string) => tableName(specOf(collection).name, generation);
  for (const change of changes) specOf(change.collection);
  const outcomes = fold(changes, await readPatched(client, changes, tableOf));
  await write(client, outcomes, specOf, tableOf);
};

/**
 * Applies a batch and moves the checkpoint, in one transaction holding the projection's row. A
 * batch whose checkpoint is not past the stored one is ignored, and one whose writer last knew a
 * checkpoint behind the stored one is refused (StaleBatchError): nothing is applied twice.
 */
export const applyBatch = (
  db: PostgresDatabase,
  name: string,
  target: Target,
  changes: readonly Change[],
  checkpoint: Position,
): Promise<boolean> =>
  withProjection(db, name, async (client, row?: StateRow) => {
    if (!row) throw new Error(`Unknown projection: ${name}`);
    const generation = batchGeneration(name, row, target, checkpoint);
    if (generation === null) return false;
    await writeChanges(client, row, generation, changes);
    await client.query(
      `UPDATE projection_state SET ${target.kind === 'live' ? 'checkpoint' : 'rebuild_checkpoint'} = $2 WHERE name = $1`,
      [name, checkpoint],
    );
    return true;
  });

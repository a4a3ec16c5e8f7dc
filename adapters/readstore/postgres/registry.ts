import type pg from 'pg';
import type { CollectionSpec } from '../../../projections/projection.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import { transaction } from '../../postgres/database.js';
import type { ProjectionState } from '../port.js';
import {
  createCollectionIndexes,
  createCollectionTable,
  dropCollectionTables,
  pointViews,
} from './tables.js';
import { toProjectionState } from '../projectionState.js';

export const STATE_TABLE = `
  CREATE TABLE projection_state (
    name               text COLLATE "C" PRIMARY KEY,
    generation         integer NOT NULL,
    checkpoint         text,
    rebuild_generation integer,
    rebuild_checkpoint text,
    collections        jsonb NOT NULL
  );
`;

export type StateRow = {
  name: string;
  generation: number;
  checkpoint: string | null;
  rebuild_generation: number | null;
  rebuild_checkpoint: string | null;
  collections: CollectionSpec[];
};

export const toState = (row: StateRow): ProjectionState => toProjectionState(row.name, row);

/** Runs `work` in a transaction holding the projection's row, whatever process asks. */
export const withProjection = <T>(
  db: PostgresDatabase,
  name: string,
  work: (client: pg.PoolClient, row: StateRow | undefined) => Promise<T>,
): Promise<T> =>
  transaction(db.pool, async (client) => {
    const found = await client.query<StateRow>(
      'SELECT * FROM projection_state WHERE name = $1 FOR UPDATE',
      [name],
    );
    return work(client, found.rows[0]);
  });

const sameSpecs = (a: readonly CollectionSpec[], b: readonly CollectionSpec[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Creates the projection's live tables and views if missing. Tables of an earlier layout (other
 * collections or indexes) are dropped and the projection starts over from the log, as any read
 * model is restored.
 */
export const registerProjection = (
  db: PostgresDatabase,
  name: string,
  collections: readonly CollectionSpec[],
): Promise<ProjectionState> =>
  withProjection(db, name, async (client, row) => {
    // Two processes registering the same new projection: one inserts, the other waits for it.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${db.schema}.rm.${name}`]);
    let current =
      row ??
      (await client.query<StateRow>('SELECT * FROM projection_state WHERE name = $1', [name]))
        .rows[0];
    if (current && !sameSpecs(current.collections, collections)) {
      await dropCollectionTables(client, current.collections, current.generation);
      await client.query('DELETE FROM projection_state WHERE name = $1', [name]);
      current = undefined;
    }
    if (!current) {
      const inserted = await client.query<StateRow>(
        `INSERT INTO projection_state (name, generation, collections) VALUES ($1, 1, $2) RETURNING *`,
        [name, JSON.stringify(collections)],
      );
      current = inserted.rows[0]!;
    }
    for (const spec of collections)
      await createCollectionTable(client, spec, current.generation, { indexes: true });
    await pointViews(client, collections, current.generation);
    return toState(current);
  });

export const readState = async (
  db: PostgresDatabase,
  name: string,
): Promise<ProjectionState | undefined> => {
  const found = await db.pool.query<StateRow>('SELECT * FROM projection_state WHERE name = $1', [
    name,
  ]);
  return found.rows[0] ? toState(found.rows[0]) : undefined;
};

const known = (row: StateRow | undefined, name: string): StateRow => {
  if (!row) throw new Error(`Unknown projection: ${name}`);
  return row;
};

/** The rebuild's generation, checked: a rebuild that is no longer under way is refused. */
const rebuilding = (row: StateRow, generation: number): StateRow => {
  if (row.rebuild_generation !== generation)
    throw new Error(`No rebuild ${generation} of ${row.name} is under way.`);
  return row;
};

export const rebuildSteps = (db: PostgresDatabase) => ({
  begin: (name: string) =>
    withProjection(db, name, async (client, row) => {
      const current = known(row, name);
      if (current.rebuild_generation !== null)
        await dropCollectionTables(client, current.collections, current.rebuild_generation);
      const generation = Math.max(current.generation, current.rebuild_generation ?? 0) + 1;
      for (const spec of current.collections)
        await createCollectionTable(client, spec, generation, { indexes: false });
      await client.query(
        'UPDATE projection_state SET rebuild_generation = $2, rebuild_checkpoint = NULL WHERE name = $1',
        [name, generation],
      );
      return generation;
    }),
  index: (name: string, generation: number) =>
    withProjection(db, name, async (client, row) => {
      const current = rebuilding(known(row, name), generation);
      for (const spec of current.collections)
        await createCollectionIndexes(client, spec, generation);
    }),
  complete: (name: string, generation: number) =>
    withProjection(db, name, async (client, row) => {
      const current = rebuilding(known(row, name), generation);
      for (const spec of current.collections)
        await createCollectionIndexes(client, spec, generation);
      await pointViews(client, current.collections, generation);
      await dropCollectionTables(client, current.collections, current.generation);
      await client.query(
        `UPDATE projection_state SET generation = $2, checkpoint = rebuild_checkpoint,
           rebuild_generation = NULL, rebuild_checkpoint = NULL WHERE name = $1`,
        [name, generation],
      );
    }),
  abandon: (name: string, generation: number) =>
    withProjection(db, name, async (client, row) => {
      const current = known(row, name);
      if (current.rebuild_generation !== generation) return;
      await dropCollectionTables(client, current.collections, generation);
      await client.query(
        'UPDATE projection_state SET rebuild_generation = NULL, rebuild_checkpoint = NULL WHERE name = $1',
        [name],
      );
    }),
});

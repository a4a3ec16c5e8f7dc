import type { CollectionSpec } from '../../../projections/projection.js';
import type { SqliteDatabase } from '../../sqlite/database.js';

const NAME = /^[a-z][a-z0-9_]{0,62}$/;

export const checkName = (kind: string, name: string): string => {
  if (!NAME.test(name)) throw new Error(`Invalid ${kind} name: ${name}`);
  return name;
};

/** A field of the JSON document as SQL: the same expression in indexes and queries, so both meet. */
export const field = (name: string): string => `json_extract(doc, '$.${checkName('field', name)}')`;

export const tableName = (collection: string, generation: number): string =>
  `rm_${checkName('collection', collection)}_g${generation}`;

/**
 * A collection's table, with its indexes unless `indexes` is false: a rebuild fills its fresh
 * tables first and indexes them once filled, which is several times faster than keeping every
 * index up to date row by row.
 */
export const createCollectionTable = (
  db: SqliteDatabase,
  spec: CollectionSpec,
  generation: number,
  options: { indexes: boolean } = { indexes: true },
): void => {
  const table = tableName(spec.name, generation);
  db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
  if (options.indexes) createCollectionIndexes(db, spec, generation);
};

export const createCollectionIndexes = (
  db: SqliteDatabase,
  spec: CollectionSpec,
  generation: number,
): void => {
  const table = tableName(spec.name, generation);
  spec.indexes.forEach((fields, i) => {
    const columns = [...fields.map(field), 'id'].join(', ');
    db.exec(`CREATE INDEX IF NOT EXISTS ${table}_ix${i} ON ${table} (${columns})`);
  });
};

export const dropCollectionTable = (
  db: SqliteDatabase,
  collection: string,
  generation: number,
): void => {
  db.exec(`DROP TABLE IF EXISTS ${tableName(collection, generation)}`);
};

export const createStateTable = (db: SqliteDatabase): void => {
  db.exec(`
    CREATE TABLE IF NOT EXISTS projection_state (
      name               TEXT PRIMARY KEY,
      generation         INTEGER NOT NULL,
      checkpoint         TEXT,
      rebuild_generation INTEGER,
      rebuild_checkpoint TEXT,
      collections        TEXT NOT NULL
    )
  `);
};

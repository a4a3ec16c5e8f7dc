import type { SqliteDatabase } from '../../sqlite/database.js';

import { checkName } from '../checkName.js';

export const tableName = (collection: string, generation: number): string =>
  `rm_${checkName('collection', collection)}_g${generation}`;

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

import type pg from 'pg';
import type { CollectionSpec } from '../../../projections/projection.js';
import { checkName } from '../checkName.js';
import { layoutOf } from './sortKeys.js';

type Queryable = Pick<pg.PoolClient, 'query'>;

export const tableName = (collection: string, generation: number): string =>
  `rm_${checkName('collection', collection)}_g${generation}`;

/** The view every read goes through: the live generation's table, swapped in one transaction. */
export const viewName = (collection: string): string => `rm_${checkName('collection', collection)}`;

export const createCollectionTable = async (
  client: Queryable,
  spec: CollectionSpec,
  generation: number,
  options: { indexes: boolean },
): Promise<void> => {
  const columns = layoutOf(spec).columns.map((column) => `, ${column} text COLLATE "C"`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${tableName(spec.name, generation)}
       (id text COLLATE "C" PRIMARY KEY, doc json NOT NULL${columns.join('')})`,
  );
  if (options.indexes) await createCollectionIndexes(client, spec, generation);
};

export const createCollectionIndexes = async (
  client: Queryable,
  spec: CollectionSpec,
  generation: number,
): Promise<void> => {
  const table = tableName(spec.name, generation);
  const layout = layoutOf(spec);
  for (const [i, fields] of spec.indexes.entries()) {
    // Null first, as the reads order (and as SQLite sorts): read forwards the index serves
    // `ASC NULLS FIRST`, backwards `DESC NULLS LAST`. An index in the default order serves
    // neither, and every page would read and sort its whole range.
    const columns = [
      ...fields.map((name) => `${layout.field(name).expression} ASC NULLS FIRST`),
      'id',
    ].join(', ');
    await client.query(`CREATE INDEX IF NOT EXISTS ${table}_nf${i} ON ${table} (${columns})`);
    // The index of that default order, made by earlier versions: replaced by the one above.
    await client.query(`DROP INDEX IF EXISTS ${table}_ix${i}`);
  }
};

export const pointViews = async (
  client: Queryable,
  specs: readonly CollectionSpec[],
  generation: number,
): Promise<void> => {
  for (const spec of specs) {
    // Dropped and made again, not replaced: a new layout may have other columns.
    await client.query(`DROP VIEW IF EXISTS ${viewName(spec.name)}`);
    await client.query(
      `CREATE VIEW ${viewName(spec.name)} AS SELECT * FROM ${tableName(spec.name, generation)}`,
    );
  }
};

export const dropCollectionTables = async (
  client: Queryable,
  specs: readonly CollectionSpec[],
  generation: number,
): Promise<void> => {
  for (const spec of specs)
    await client.query(`DROP TABLE IF EXISTS ${tableName(spec.name, generation)}`);
};

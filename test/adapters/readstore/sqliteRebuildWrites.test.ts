import Database from 'better-sqlite3';
import { expect } from 'chai';
import { join } from 'node:path';
import type { ReadStore } from '../../../adapters/readstore/port.js';
import { sqliteReadStore } from '../../../adapters/readstore/sqlite/sqliteReadStore.js';
import type { SqliteDatabase } from '../../../adapters/sqlite/database.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { position } from '../../../domain/shared/envelope.js';
import type { CollectionSpec } from '../../../projections/projection.js';
import { tempDir } from '../../support/tempDir.js';

const specs: CollectionSpec[] = [{ name: 'tallies', indexes: [['owner', 'count']] }];

/**
 * A rebuild's batches are written by a thread of their own. Another connection holding the write
 * lock keeps them from committing, so that what the store does with batches in flight shows.
 */
describe('SQLite read store: the writing thread of rebuilds', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: SqliteDatabase;
  let other: Database.Database;
  let store: ReadStore;

  beforeEach(async () => {
    dir = tempDir();
    const file = join(dir.path, 'sluice.db');
    db = openSqlite({ file });
    store = sqliteReadStore(db);
    await store.registerProjection('tallies', specs);
    other = new Database(file);
  });
  afterEach(() => {
    other.close();
    db.close();
    dir.remove();
  });

  const rowsIn = (generation: number) =>
    (other.prepare(`SELECT count(*) AS n FROM rm_tallies_g${generation}`).get() as { n: number }).n;

  it('folds a batch onto documents of batches not yet committed, and commits them in order', async () => {
    const generation = await store.beginRebuild('tallies');
    other.exec('BEGIN IMMEDIATE');
    await store.apply(
      'tallies',
      { kind: 'rebuild', generation },
      [
        { op: 'put', collection: 'tallies', doc: { id: 't_a', owner: 'o', count: 1 } },
        { op: 'put', collection: 'tallies', doc: { id: 't_b', owner: 'o', count: 1 } },
      ],
      position(1),
    );
    await store.apply(
      'tallies',
      { kind: 'rebuild', generation },
      [
        // Without the first batch's documents, the patch would find nothing to change.
        { op: 'patch', collection: 'tallies', id: 't_a', inc: { count: 1 } },
        { op: 'delete', collection: 'tallies', id: 't_b' },
      ],
      position(2),
    );
    expect(rowsIn(generation), 'nothing committed while the lock is held').to.equal(0);
    other.exec('COMMIT');
    await store.completeRebuild('tallies', generation);
    expect(await store.get('tallies', 't_a')).to.deep.include({ count: 2 });
    expect(await store.get('tallies', 't_b')).to.equal(undefined);
    expect((await store.state('tallies'))!.checkpoint).to.equal('2');
  });

  it('fails the rebuild when the thread could not write a batch, and can still abandon it', async () => {
    const generation = await store.beginRebuild('tallies');
    other.exec('BEGIN IMMEDIATE');
    await store.apply(
      'tallies',
      { kind: 'rebuild', generation },
      [{ op: 'put', collection: 'tallies', doc: { id: 't_a', owner: 'o', count: 1 } }],
      position(1),
    );
    // Abandoned elsewhere while the batch waits: the thread must refuse to write it.
    other.exec(
      "UPDATE projection_state SET rebuild_generation = NULL, rebuild_checkpoint = NULL WHERE name = 'tallies'",
    );
    other.exec('COMMIT');
    let failure: unknown;
    try {
      await store.completeRebuild('tallies', generation);
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).to.match(/No rebuild .* of tallies is under way/);
    expect(rowsIn(generation), 'the refused batch left nothing behind').to.equal(0);
    await store.abandonRebuild('tallies', generation);
    expect(await store.state('tallies')).to.deep.include({ generation: 1, rebuild: null });
  });
});

/**
 * A worker thread that writes a rebuild's batches on a connection of its own, while the thread
 * that started the rebuild reads and projects the next ones. Each batch arrives as finished rows,
 * and commits, with the rebuild's checkpoint, all or nothing.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { position } from '../../../../domain/shared/envelope.js';
import { statementCache } from '../../../sqlite/statementCache.js';
import { batchGeneration } from '../../batchTarget.js';
import type { StoredProjection } from '../../batchTarget.js';
import type { DocRow } from '../docTable.js';
import { deleteSql, upsertSql } from '../docTable.js';

export type WriterInput = { file: string; synchronous: number; autocheckpoint: number };

/** What one batch does to one table: documents written whole, and ids deleted. */
export type TableWrites = {
  table: string;
  columns: readonly string[];
  rows: DocRow[];
  deletes: string[];
};

export type RebuildBatch = {
  batch: number;
  name: string;
  generation: number;
  checkpoint: string;
  tables: TableWrites[];
};

export type ToWriterThread = RebuildBatch | 'close';
export type FromWriterThread = { batch: number; error?: string } | 'closed';

const { file, synchronous, autocheckpoint } = workerData as WriterInput;
const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// The same durability as the connection that started the rebuild, and the same checkpointing.
db.pragma(`synchronous = ${synchronous}`);
db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);

const selectState = db.prepare<[string], StoredProjection>(
  'SELECT generation, checkpoint, rebuild_generation, rebuild_checkpoint FROM projection_state WHERE name = ?',
);
const moveCheckpoint = db.prepare<[string, string]>(
  'UPDATE projection_state SET rebuild_checkpoint = ? WHERE name = ?',
);
const { prepared } = statementCache(db);

const write = db.transaction((batch: RebuildBatch) => {
  const stored = selectState.get(batch.name);
  if (!stored) throw new Error(`Unknown projection: ${batch.name}`);
  const target = { kind: 'rebuild', generation: batch.generation } as const;
  // Checked again here, where it commits: a rebuild abandoned meanwhile takes no more writes.
  if (batchGeneration(batch.name, stored, target, position(batch.checkpoint)) === null) return;
  for (const writes of batch.tables) {
    const upsert = prepared(upsertSql(writes.table, writes.columns));
    for (const row of writes.rows) upsert.run(row);
    const remove = prepared(deleteSql(writes.table));
    for (const id of writes.deletes) remove.run(id);
  }
  moveCheckpoint.run(batch.checkpoint, batch.name);
});

const reply = (message: FromWriterThread) => parentPort?.postMessage(message);

/** Rebuilds (`name:generation`) a batch of which failed: their later batches are refused too. */
const failed = new Set<string>();

parentPort?.on('message', (message: ToWriterThread) => {
  if (message === 'close') {
    db.close();
    reply('closed');
    return;
  }
  const rebuild = `${message.name}:${message.generation}`;
  if (failed.has(rebuild)) {
    reply({ batch: message.batch, error: 'An earlier batch of this rebuild failed.' });
    return;
  }
  try {
    write.immediate(message);
    reply({ batch: message.batch });
  } catch (error) {
    failed.add(rebuild);
    reply({ batch: message.batch, error: error instanceof Error ? error.message : String(error) });
  }
});

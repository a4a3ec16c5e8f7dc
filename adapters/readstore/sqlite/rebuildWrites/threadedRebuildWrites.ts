import { Worker } from 'node:worker_threads';
import type { Position } from '../../../../domain/shared/envelope.js';
import type { Change, Doc } from '../../../../projections/projection.js';
import type { StoredProjection } from '../../batchTarget.js';
import { batchGeneration } from '../../batchTarget.js';
import type { DocTable } from '../applyChange.js';
import { docRow } from '../docTable.js';
import type { Layout } from '../layout.js';
import { tableName } from '../tables.js';
import type {
  FromWriterThread,
  RebuildBatch,
  TableWrites,
  ToWriterThread,
  WriterInput,
} from './writerThread.js';

const THREAD = new URL('./writerThread.js', import.meta.url);

/**
 * Batches of one projection sent and not yet committed, past which the next waits: enough for the
 * thread to write one while the next is being made, without holding many in memory.
 */
const IN_FLIGHT = 2;

/** What the read store lends: its view of state, its tables, and how it folds a batch. */
export type ReadStoreParts = {
  file: string;
  /** Read when the thread starts: its connection follows the settings of the store's. */
  settings: () => Omit<WriterInput, 'file'>;
  stored: (name: string) => StoredProjection;
  layout: (collection: string) => Layout;
  /** The committed table, as this thread's connection reads it. */
  committed: (collection: string, generation: number) => DocTable;
  /** Applies a batch's changes to the tables `tableFor` gives, each change in order. */
  fold: (
    name: string,
    changes: readonly Change[],
    tableFor: (collection: string) => DocTable,
  ) => void;
};

type Pending = {
  batch: number;
  /** Each collection's documents as this batch leaves them (null: deleted), until it commits. */
  docs: Map<string, Map<string, Doc | null>>;
  committed: Promise<void>;
};

export type RebuildWrites = {
  apply: (
    name: string,
    generation: number,
    changes: readonly Change[],
    checkpoint: Position,
  ) => Promise<boolean>;
  /** Resolves once every batch of the projection sent so far has committed; throws if one failed. */
  settle: (name: string) => Promise<void>;
  /** The rebuild is over (swapped in or abandoned): forgets it, and ends the thread once idle. */
  release: (name: string) => Promise<void>;
};

/** What is known of each projection's batches sent to the writing thread. */
type InFlight = {
  /** Settles each sent batch's `committed`, by its number, once the thread is done with it. */
  waiting: Map<number, () => void>;
  pending: Map<string, Pending[]>;
  failures: Map<string, Error>;
  /** The checkpoint of the last batch sent for each projection. */
  sent: Map<string, string>;
};

/**
 * The writing thread, started on first use. Each batch it reports committed leaves the pending ones
 * of its projection; should the thread itself fail or end, so does every batch not yet committed.
 */
const writingThread = (parts: ReadStoreParts, inFlight: InFlight) => {
  const { waiting, pending, failures } = inFlight;
  let worker: Worker | undefined;
  let closed: (() => void) | undefined;

  const failAll = (why: string) => {
    for (const name of pending.keys()) failures.set(name, new Error(why));
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
    worker = undefined;
  };

  const thread = (): Worker => {
    if (worker) return worker;
    const input: WriterInput = { file: parts.file, ...parts.settings() };
    const started = new Worker(THREAD, { workerData: input });
    started.on('message', (message: FromWriterThread) => {
      if (message === 'closed') return closed?.();
      const done = waiting.get(message.batch);
      waiting.delete(message.batch);
      for (const [name, batches] of pending) {
        if (batches[0]?.batch !== message.batch) continue;
        batches.shift();
        if (message.error !== undefined) failures.set(name, new Error(message.error));
      }
      done?.();
      // Nothing more to wait for: the thread no longer keeps the process alive.
      if (waiting.size === 0) started.unref();
    });
    started.on('error', (error) =>
      failAll(`The rebuild's writing thread failed: ${error.message}`),
    );
    started.on('exit', () => {
      if (worker === started) failAll("The rebuild's writing thread has ended.");
    });
    worker = started;
    return started;
  };

  /** The process stays alive while a batch is being written, as while any write is awaited. */
  const post = (message: ToWriterThread) => {
    const writer = thread();
    writer.ref();
    writer.postMessage(message);
  };

  /** Ends the thread, if started, once it has closed its connection or exited. */
  const close = async () => {
    if (!worker) return;
    const ending = worker;
    worker = undefined;
    const done = new Promise<void>((resolve) => (closed = resolve));
    ending.ref();
    ending.postMessage('close' satisfies ToWriterThread);
    await Promise.race([done, new Promise<void>((resolve) => ending.once('exit', resolve))]);
    await ending.terminate();
  };

  return { post, close };
};

/**
 * Folds each batch into finished rows and sends them to be written, unless the rebuild has already
 * gone past its checkpoint. With more than IN_FLIGHT of a projection's batches not yet committed,
 * the last one sent waits for the first.
 */
const sendingBatches = (
  parts: ReadStoreParts,
  inFlight: InFlight,
  post: (message: ToWriterThread) => void,
): RebuildWrites['apply'] => {
  const { waiting, pending, failures, sent } = inFlight;
  let nextBatch = 0;

  /** A table of the batch being made: reads see batches not yet committed, writes become rows. */
  const collecting = (
    name: string,
    generation: number,
    collection: string,
    docs: Map<string, Doc | null>,
    writes: TableWrites,
  ): DocTable => {
    const layout = parts.layout(collection);
    const uncommitted = pending.get(name) ?? [];
    return {
      read: (id) => {
        for (let i = uncommitted.length - 1; i >= 0; i--) {
          const doc = uncommitted[i]!.docs.get(collection)?.get(id);
          if (doc !== undefined) return doc ?? undefined;
        }
        return parts.committed(collection, generation).read(id);
      },
      write: (doc) => {
        docs.set(doc.id, doc);
        writes.rows.push(docRow(doc, layout));
      },
      remove: (id) => {
        docs.set(id, null);
        writes.deletes.push(id);
      },
    };
  };

  return async (name, generation, changes, checkpoint) => {
    const failure = failures.get(name);
    if (failure) throw failure;
    const stored = parts.stored(name);
    const last = sent.get(name);
    const seen = last === undefined ? stored : { ...stored, rebuild_checkpoint: last };
    if (batchGeneration(name, seen, { kind: 'rebuild', generation }, checkpoint) === null) {
      return false;
    }
    const tables: TableWrites[] = [];
    const docs = new Map<string, Map<string, Doc | null>>();
    parts.fold(name, changes, (collection) => {
      const writes: TableWrites = {
        table: tableName(collection, generation),
        columns: parts.layout(collection).columns,
        rows: [],
        deletes: [],
      };
      tables.push(writes);
      const left = new Map<string, Doc | null>();
      docs.set(collection, left);
      return collecting(name, generation, collection, left, writes);
    });
    // Folded without fault: only now is the batch waited for.
    const batch = nextBatch++;
    const entry: Pending = {
      batch,
      docs,
      committed: new Promise<void>((resolve) => waiting.set(batch, resolve)),
    };
    const message: RebuildBatch = { batch, name, generation, checkpoint, tables };
    post(message);
    const batches = pending.get(name) ?? [];
    batches.push(entry);
    pending.set(name, batches);
    sent.set(name, checkpoint);
    if (batches.length > IN_FLIGHT) await batches[0]!.committed;
    return true;
  };
};

/**
 * The writes of rebuilds on a thread of their own. This thread reads the log, projects it and folds
 * each batch into finished rows, which the writing thread commits while the next batch is made:
 * a rebuild then keeps both cores busy. A document a batch needs whose last write has not
 * committed yet is read from the batch that wrote it, which is kept until it commits.
 */
export const threadedRebuildWrites = (parts: ReadStoreParts): RebuildWrites => {
  const inFlight: InFlight = {
    waiting: new Map(),
    pending: new Map(),
    failures: new Map(),
    sent: new Map(),
  };
  const { pending, failures, sent } = inFlight;
  const { post, close } = writingThread(parts, inFlight);

  const settle = async (name: string) => {
    const batches = pending.get(name) ?? [];
    await Promise.all(batches.map((batch) => batch.committed));
    const failure = failures.get(name);
    if (failure) throw failure;
  };

  return {
    apply: sendingBatches(parts, inFlight, post),
    settle,
    release: async (name) => {
      await settle(name).catch(() => {});
      pending.delete(name);
      failures.delete(name);
      sent.delete(name);
      if (pending.size > 0) return;
      await close();
    },
  };
};

import type { Position } from '../../../domain/shared/envelope.js';
import type { Change } from '../../../projections/projection.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import { ownTransaction } from '../../postgres/database.js';
import { batchGeneration } from '../batchTarget.js';
import type { Target } from '../port.js';
import { applyBatch } from './batch.js';
import { docsRead, ownedSpecs, patchReads, resultsOf, writeStatements } from './batchStatements.js';
import { viewName } from './tables.js';
import type { StateRow } from './registry.js';

type Apply = (
  name: string,
  target: Target,
  changes: readonly Change[],
  checkpoint: Position,
) => Promise<boolean>;

type Pending = {
  name: string;
  target: Target & { kind: 'live' };
  changes: readonly Change[];
  checkpoint: Position;
  settled: boolean;
  resolve: (applied: boolean) => void;
  reject: (error: unknown) => void;
};

const settle = (pending: Pending, outcome: { applied: boolean } | { error: unknown }) => {
  if (pending.settled) return;
  pending.settled = true;
  if ('error' in outcome) pending.reject(outcome.error);
  else pending.resolve(outcome.applied);
};

/** The first batch of each projection: a projection's next batch waits for the next group. */
const takeGroup = (queued: Pending[]): { group: Pending[]; rest: Pending[] } => {
  const names = new Set<string>();
  const group: Pending[] = [];
  const rest: Pending[] = [];
  for (const pending of queued) {
    if (names.has(pending.name)) rest.push(pending);
    else {
      names.add(pending.name);
      group.push(pending);
    }
  }
  return { group, rest };
};

/**
 * The group in one transaction of two round trips, however many projections move: the first
 * opens it, locks the rows of its projections in the order of their names (two projectors' groups
 * never wait on each other in a circle) and reads, through the live views, the documents the
 * batches' patches need; the second writes every batch that its row lets through (checked as a
 * batch alone is), moves their checkpoints and commits.
 */
const commitGroup = (db: PostgresDatabase, group: readonly Pending[]): Promise<void> =>
  ownTransaction(db.pool, async (client) => {
    const literal = (value: string) => client.escapeLiteral(value);
    const reads = group.map((pending) => patchReads(literal, pending.changes, viewName));
    const names = group.map((pending) => literal(pending.name)).join(', ');
    const opening = [
      'BEGIN',
      // The read models are made again from the log: a commit lost to a crash of the server takes
      // its checkpoint with it, and is applied again. Nobody need wait for it to reach the disk.
      'SET LOCAL synchronous_commit TO off',
      `SELECT * FROM projection_state WHERE name IN (${names}) ORDER BY name FOR UPDATE`,
      ...reads.flat().map((read) => read.sql),
    ];
    const results = resultsOf(await client.query(opening.join(';\n')));
    const rows = new Map((results[2]!.rows as StateRow[]).map((row) => [row.name, row]));
    let next = 3;
    const found = reads.map((mine) => {
      const docs = docsRead(mine, results.slice(next, next + mine.length));
      next += mine.length;
      return docs;
    });
    const writing: Pending[] = [];
    const statements: string[] = [];
    group.forEach((pending, i) => {
      const row = rows.get(pending.name);
      let generation: number | null;
      try {
        if (!row) throw new Error(`Unknown projection: ${pending.name}`);
        generation = batchGeneration(pending.name, row, pending.target, pending.checkpoint);
      } catch (error) {
        // Refused before anything of it was written: the others go on.
        settle(pending, { error });
        return;
      }
      if (generation === null) settle(pending, { applied: false });
      else {
        // A failure from here on fails the group, which is then applied batch by batch.
        statements.push(
          ...writeStatements(
            literal,
            ownedSpecs(row, pending.changes),
            generation,
            pending.changes,
            found[i]!,
          ),
        );
        writing.push(pending);
      }
    });
    if (writing.length > 0) {
      const moves = writing
        .map((pending) => `(${literal(pending.name)}, ${literal(pending.checkpoint)})`)
        .join(', ');
      statements.push(`UPDATE projection_state AS s SET checkpoint = v.checkpoint
        FROM (VALUES ${moves}) AS v(name, checkpoint) WHERE s.name = v.name`);
    }
    await client.query([...statements, 'COMMIT'].join(';\n'));
    for (const pending of writing) settle(pending, { applied: true });
  });

/**
 * Live batches of several projections, committed together: the batches asked for in the same turn
 * of the event loop, or while the previous group was on its way, go in one transaction of two
 * round trips. An append moves several projections at once, and each would otherwise take a
 * transaction of its own, of a round trip per statement. A group that fails is applied again
 * batch by batch, each in a transaction of its own, so that one projection's failure is its own.
 * Rebuild batches go alone, as before.
 */
export const groupedBatches = (db: PostgresDatabase): Apply => {
  let queued: Pending[] = [];
  let busy = false;

  /**
   * Lets the projections whose batches just committed ask for their next one: the group waits for
   * them, rather than leaving without them.
   */
  const settleTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  const runGroups = async () => {
    for (; queued.length > 0; await settleTurn()) {
      const { group, rest } = takeGroup(queued);
      queued = rest;
      try {
        await commitGroup(db, group);
      } catch {
        // Applied again batch by batch, each in a transaction of its own: a batch that fails
        // there fails alone.
        await Promise.all(
          group
            .filter((pending) => !pending.settled)
            .map((pending) =>
              applyBatch(db, pending.name, pending.target, pending.changes, pending.checkpoint)
                .then((applied) => settle(pending, { applied }))
                .catch((failure: unknown) => settle(pending, { error: failure })),
            ),
        );
      }
    }
  };

  const start = () => {
    if (busy) return;
    busy = true;
    setImmediate(() => {
      void runGroups().finally(() => {
        busy = false;
        if (queued.length > 0) start();
      });
    });
  };

  return (name, target, changes, checkpoint) => {
    if (target.kind !== 'live') return applyBatch(db, name, target, changes, checkpoint);
    return new Promise<boolean>((resolve, reject) => {
      queued.push({ name, target, changes, checkpoint, settled: false, resolve, reject });
      start();
    });
  };
};

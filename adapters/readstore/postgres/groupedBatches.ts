import type pg from 'pg';
import type { Position } from '../../../domain/shared/envelope.js';
import type { Change } from '../../../projections/projection.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import { ownTransaction } from '../../postgres/database.js';
import { batchGeneration } from '../batchTarget.js';
import type { Target } from '../port.js';
import { applyBatch, writeChanges } from './batch.js';
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
 * The group in one transaction: the rows of its projections locked in the order of their names
 * (two projectors' groups never wait on each other in a circle), each batch checked against its
 * row as a batch alone is, the changes of those that pass written, and their checkpoints moved
 * together. BEGIN travels with the locking read, and the checkpoints with COMMIT: two round trips
 * besides the writes, however many projections move.
 */
const commitGroup = (db: PostgresDatabase, group: readonly Pending[]): Promise<void> =>
  ownTransaction(db.pool, async (client) => {
    const literal = (value: string) => client.escapeLiteral(value);
    const names = group.map((pending) => literal(pending.name)).join(', ');
    const results = (await client.query(
      `BEGIN; SELECT * FROM projection_state WHERE name IN (${names}) ORDER BY name FOR UPDATE`,
    )) as unknown as [pg.QueryResult, pg.QueryResult<StateRow>];
    const rows = new Map(results[1].rows.map((row) => [row.name, row]));
    const writing: Pending[] = [];
    for (const pending of group) {
      const row = rows.get(pending.name);
      let generation: number | null;
      try {
        if (!row) throw new Error(`Unknown projection: ${pending.name}`);
        generation = batchGeneration(pending.name, row, pending.target, pending.checkpoint);
      } catch (error) {
        // Refused before anything of it was written: the others go on.
        settle(pending, { error });
        continue;
      }
      if (generation === null) settle(pending, { applied: false });
      else {
        // A failure from here on may follow some of the batch's writes: the group rolls back.
        await writeChanges(client, row, generation, pending.changes);
        writing.push(pending);
      }
    }
    const moves = writing
      .map((pending) => `(${literal(pending.name)}, ${literal(pending.checkpoint)})`)
      .join(', ');
    await client.query(
      writing.length === 0
        ? 'COMMIT'
        : `UPDATE projection_state AS s SET checkpoint = v.checkpoint
             FROM (VALUES ${moves}) AS v(name, checkpoint) WHERE s.name = v.name; COMMIT`,
    );
    for (const pending of writing) settle(pending, { applied: true });
  });

/**
 * Live batches of several projections, committed together: the batches asked for in the same turn
 * of the event loop, or while the previous group was on its way, go in one transaction. An append
 * moves several projections at once, and each would otherwise take a transaction of its own. A
 * group that fails is applied again batch by batch, each in a transaction of its own, so that one
 * projection's failure is its own. Rebuild batches go alone, as before.
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
        if (group.length === 1) {
          const [only] = group as [Pending];
          settle(only, {
            applied: await applyBatch(db, only.name, only.target, only.changes, only.checkpoint),
          });
        } else await commitGroup(db, group);
      } catch (error) {
        if (group.length === 1) settle(group[0]!, { error });
        else
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

import type { Position } from '../../../domain/shared/envelope.js';
import { isPosition } from '../../../domain/shared/envelope.js';
import pg from 'pg';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { AppliedTo, ProjectionProgress } from '../progress.js';

const parse = (payload: string): AppliedTo | undefined => {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return undefined;
    const entries = Object.entries(value).filter((entry): entry is [string, Position] =>
      isPosition(entry[1]),
    );
    return Object.fromEntries(entries);
  } catch {
    return undefined;
  }
};

/**
 * The projector's progress as NOTIFY on the deployment's own channel. Announcements are sent one
 * at a time, outside any transaction, at the end of the turn they were made in: every projection
 * that passed an append moves in the same turn (most skip it), and each announcement wakes every
 * process of the deployment. Those made while one is on its way, or in the same turn, collapse
 * into the latest, which says all the earlier ones did.
 */
export const postgresProjectionProgress = (db: PostgresDatabase): ProjectionProgress => {
  const channel = `${db.schema}_projected`;
  let sending = false;
  let next: AppliedTo | undefined;

  const send = async () => {
    sending = true;
    try {
      for (let payload = next; payload; payload = next) {
        next = undefined;
        // A lost announcement costs a waiter one poll of the checkpoints, no more: it need not
        // wait for its commit to reach the disk (a NOTIFY commits a transaction of its own). A
        // statement that fails takes its connection out of the pool, transaction and all.
        const notify = `SELECT pg_notify(${pg.escapeLiteral(channel)}, ${pg.escapeLiteral(JSON.stringify(payload))})`;
        await db.pool
          .query(`BEGIN; SET LOCAL synchronous_commit TO off; ${notify}; COMMIT`)
          .catch(() => undefined);
      }
    } finally {
      sending = false;
    }
  };

  return {
    announce: (appliedTo) => {
      const queued = next !== undefined;
      next = appliedTo;
      if (!sending && !queued) setImmediate(() => void send());
    },
    watch: (onProgress, onGap) =>
      db.notifications.listen(
        channel,
        (payload) => {
          const appliedTo = parse(payload);
          if (appliedTo) onProgress(appliedTo);
        },
        onGap,
      ),
  };
};

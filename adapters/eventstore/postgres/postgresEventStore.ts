import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { position } from '../../../domain/shared/envelope.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { EventStore } from '../port.js';
import { appendSignal, pullSubscription } from '../pullSubscription.js';
import { groupCommit } from './groupCommit.js';
import { headOf, readAllPage, readStreamEvents } from './logReads.js';
import { createEventTables, eventsChannel } from './schema.js';

/** A notification can be lost (a dropped connection): the head is looked at this often anyway. */
const POLL_MS = 1000;

/**
 * Tells this process's subscriptions of appends made by others: a notification names the process
 * that appended (its own are told at once, with their events), and a poll of the head stands in
 * for notifications lost.
 */
const listenForOthers = async (
  db: PostgresDatabase,
  me: string,
  wake: () => void,
): Promise<() => Promise<void>> => {
  const client: pg.PoolClient = await db.pool.connect();
  client.on('notification', (message) => {
    if (message.payload !== me) wake();
  });
  await client.query(`LISTEN ${eventsChannel(db)}`);
  let lastHead: string | null = await headOf(db);
  const poll = setInterval(() => {
    headOf(db).then(
      (head) => {
        if (head !== lastHead) wake();
        lastHead = head;
      },
      () => undefined,
    );
  }, POLL_MS);
  poll.unref();
  return async () => {
    clearInterval(poll);
    await client.query(`UNLISTEN ${eventsChannel(db)}`).catch(() => undefined);
    client.release();
  };
};

/**
 * The log on PostgreSQL. Appends of a turn share one transaction (see groupCommit.ts); positions
 * are given in commit order, so a subscription never passes a commit that lands late. Appends are
 * announced after their commit (NOTIFY outside the append's transaction, which would otherwise
 * take the notification queue's lock inside every commit).
 */
export const postgresEventStore = async (
  db: PostgresDatabase,
  options: { now?: () => Date } = {},
): Promise<EventStore> => {
  await createEventTables(db);
  const me = randomUUID();
  const signal = appendSignal();
  const appends = groupCommit(db, options.now ?? (() => new Date()), (committed) => {
    const last = committed.events[committed.events.length - 1]!;
    signal.notify({
      unknown: false,
      before: committed.before,
      last: last.position,
      events: committed.events,
    });
    db.pool.query('SELECT pg_notify($1, $2)', [eventsChannel(db), me]).catch(() => undefined);
  });
  const stopListening = await listenForOthers(db, me, () => signal.notify({ unknown: true }));
  const readAll: EventStore['readAll'] = (readOptions) => readAllPage(db, readOptions);
  return {
    append: (stream, events, expected) => appends.append({ stream, events, expected }),
    readStream: (stream, readOptions) => readStreamEvents(db, stream, readOptions),
    readAll,
    subscribe: (subscribeOptions, handler) =>
      pullSubscription(readAll, signal, subscribeOptions, handler),
    headPosition: async () => {
      const head = await headOf(db);
      return head === null ? undefined : position(head);
    },
    countAfter: async (after) => {
      const result = await db.pool.query<{ count: string }>(
        'SELECT count(*) AS count FROM events WHERE position > $1',
        [after ?? '0'],
      );
      return Number(result.rows[0]?.count ?? 0);
    },
    ping: async () => {
      await db.pool.query('SELECT 1');
    },
    close: async () => {
      await appends.drained();
      signal.notify({ unknown: true });
      await stopListening();
    },
  };
};

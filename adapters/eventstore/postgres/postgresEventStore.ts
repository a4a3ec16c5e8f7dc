import { randomUUID } from 'node:crypto';
import { position } from '../../../domain/shared/envelope.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { EventStore } from '../port.js';
import { appendSignal, pullSubscription } from '../pullSubscription.js';
import { groupCommit } from './groupCommit.js';
import { headOf, readAllPage, readStreamEvents, readTailPage } from './logReads.js';
import { createEventTables, eventsChannel } from './schema.js';
import { listenForOthers } from './appendListener.js';
import { tailReader } from './tailReader.js';

/**
 * The log on PostgreSQL. Appends of a turn share one transaction (see groupCommit.ts); positions
 * are given in commit order, so a subscription never passes a commit that lands late. Appends are
 * announced with their commit, with their events where they fit (NOTIFY in the append's own
 * statement, see schema.ts); other processes take them from the notice, or read them once for
 * all their subscriptions (see tailReader.ts).
 */
export const postgresEventStore = async (
  db: PostgresDatabase,
  options: { now?: () => Date } = {},
): Promise<EventStore> => {
  await createEventTables(db);
  const me = randomUUID();
  const signal = appendSignal();
  const readAll: EventStore['readAll'] = (readOptions) => readAllPage(db, readOptions);
  const headPosition = async () => {
    const head = await headOf(db);
    return head === null ? undefined : position(head);
  };
  const tail = tailReader(
    (after, filters, limit, head) => readTailPage(db, after, filters, limit, head),
    headPosition,
    signal,
    await headPosition(),
  );
  const announcing = { channel: eventsChannel(db), sender: me };
  const appends = groupCommit(db, options.now ?? (() => new Date()), announcing, (committed) => {
    const last = committed.events[committed.events.length - 1]!;
    signal.notify({
      unknown: false,
      before: committed.before,
      last: last.position,
      events: committed.events,
    });
    tail.appended(committed.before, last.position);
  });
  const stopListening = await listenForOthers(db, me, tail.othersAppended);
  return {
    append: (stream, events, expected) => appends.append({ stream, events, expected }),
    readStream: (stream, readOptions) => readStreamEvents(db, stream, readOptions),
    readAll,
    subscribe: (subscribeOptions, handler) =>
      pullSubscription(readAll, signal, subscribeOptions, handler),
    headPosition,
    // Positions are given one after the other from the head under the append lock, and no event
    // is ever deleted: the log has no gaps, so the count is a subtraction (one index lookup),
    // not a scan that grows with history.
    countAfter: async (after) => {
      const head = (await headOf(db)) ?? '0';
      return Math.max(0, Number(BigInt(head) - BigInt(after ?? '0')));
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

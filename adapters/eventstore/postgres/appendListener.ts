import type pg from 'pg';
import type { PostgresDatabase } from '../../postgres/database.js';
import { troubleBackoffMs } from '../troublePause.js';
import { headOf } from './logReads.js';
import { eventsChannel } from './schema.js';

/** A notification can be lost (a dropped connection): the head is looked at this often anyway. */
const POLL_MS = 1000;

/**
 * Tells this process's subscriptions of appends made by others: a notification names the process
 * that appended (its own are told at once, with their events), and a poll of the head stands in
 * for notifications lost.
 *
 * LISTEN holds a connection of its own, outside the pool (it would take one of the pool's for
 * good). The server may end it at any time (a restart, a terminated backend, a network fault):
 * the listener then connects again, after a pause that grows while it fails, and listens again;
 * meanwhile the poll of the head wakes the subscriptions, and each reconnection wakes them once,
 * for the notifications it may have missed.
 */
export const listenForOthers = async (
  db: PostgresDatabase,
  me: string,
  wake: () => void,
): Promise<() => Promise<void>> => {
  const channel = eventsChannel(db);
  let stopped = false;
  let client: pg.Client | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const listen = async (): Promise<void> => {
    const candidate = db.newClient();
    // An error of the connection (the server gone) ends it: 'end' follows, which reconnects.
    candidate.on('error', () => undefined);
    candidate.on('notification', (message) => {
      if (message.payload !== me) wake();
    });
    candidate.on('end', () => {
      if (client === candidate) client = undefined;
      if (!stopped) later();
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
    } catch {
      await candidate.end().catch(() => undefined);
      later();
      return;
    }
    if (stopped) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    failures = 0;
    wake();
  };
  const later = () => {
    if (retry || stopped) return;
    failures++;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, troubleBackoffMs(failures));
    retry.unref();
  };

  await listen();
  let lastHead: string | null = await headOf(db).catch(() => null);
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
    stopped = true;
    clearInterval(poll);
    if (retry) clearTimeout(retry);
    const listening = client;
    client = undefined;
    if (listening) {
      await listening.query(`UNLISTEN ${channel}`).catch(() => undefined);
      await listening.end().catch(() => undefined);
    }
  };
};

import type { PostgresDatabase } from '../../postgres/database.js';
import { headOf } from './logReads.js';
import { eventsChannel } from './schema.js';

/** A notification can be lost (a dropped connection): the head is looked at this often anyway. */
const POLL_MS = 1000;

/**
 * Tells this process's subscriptions of appends made by others: a notification names the process
 * that appended (its own are told at once, with their events), and a poll of the head stands in
 * for notifications lost. Each time the listening connection comes back, the subscriptions are
 * woken once, for the notifications it may have missed.
 */
export const listenForOthers = async (
  db: PostgresDatabase,
  me: string,
  wake: () => void,
): Promise<() => Promise<void>> => {
  const stopListening = await db.notifications.listen(
    eventsChannel(db),
    (payload) => {
      if (payload !== me) wake();
    },
    wake,
  );
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
    clearInterval(poll);
    await stopListening();
  };
};

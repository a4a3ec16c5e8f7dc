import { position } from '../../../domain/shared/envelope.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { AppendNotice } from './appendNotices.js';
import { parseNotice } from './appendNotices.js';
import { headOf } from './logReads.js';
import { eventsChannel } from './schema.js';

/** A notification can be lost (a dropped connection): the head is looked at this often anyway. */
const POLL_MS = 1000;

/**
 * Tells this process of appends made by others: a notification names the process that appended
 * (its own are told at once, with their events) and, as a notice, what it appended. A poll of the
 * head stands in for notifications lost. Each time the listening connection comes back, the
 * process is woken once, without a notice, for the notifications it may have missed.
 */
export const listenForOthers = async (
  db: PostgresDatabase,
  me: string,
  told: (notice?: AppendNotice) => void,
): Promise<() => Promise<void>> => {
  const wake = () => told();
  const stopListening = await db.notifications.listen(
    eventsChannel(db),
    (payload) => {
      const parsed = parseNotice(payload);
      if (!parsed) {
        if (payload !== me) wake();
      } else if (parsed.from !== me) told(parsed.notice);
    },
    wake,
  );
  let lastHead: string | null = await headOf(db).catch(() => null);
  const poll = setInterval(() => {
    headOf(db).then(
      (head) => {
        // Told as a stretch without its events: read, unless notices already told of it.
        if (head !== lastHead && head !== null) told({ before: undefined, last: position(head) });
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

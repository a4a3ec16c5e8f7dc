import type { DueDoc } from '../../projections/deliveries.js';
import { DELIVERIES_DUE } from '../../projections/deliveries.js';
import { findDocs } from '../reads/readModels.js';
import type { EndpointQueue, Queues } from './dueQueueState.js';
import { hold } from './dueQueueState.js';

/**
 * A FIFO endpoint's line. Its deliveries go one at a time, in the order of their place in the line
 * (where their events sit in the log; a resend or replay at the back). The head of the line alone
 * may be sent, and only once nothing of the endpoint is in flight: a head waiting for its retry
 * holds back every delivery behind it, until it succeeds or ends (exhausted, or abandoned with its
 * endpoint), which takes it out of the durable queue. The line is read from the durable queue
 * each time, one document by an index, so it holds across restarts and dispatchers alike.
 */
export const readHead = async (
  q: Queues,
  endpointId: string,
  queue: EndpointQueue,
  now: number,
  inFlight: readonly string[],
): Promise<void> => {
  if (inFlight.length > 0) {
    // Looked at again when that try's outcome is recorded (see DueQueue.settled).
    queue.heldUntil = Infinity;
    return;
  }
  const news = queue.news;
  const page = await findDocs(q.readStore, DELIVERIES_DUE, {
    where: { endpoint_id: endpointId },
    orderBy: { field: 'line', direction: 'asc' },
    limit: 1,
  });
  // Deliveries heard of but not yet listed by the queue's read model count only when it lists
  // none: whatever it lists came before them.
  const heard = queue.heard.splice(0);
  const head: DueDoc | undefined = page.docs[0] ?? firstInLine(heard);
  if (!head) {
    queue.dueAt = queue.news !== news ? now : undefined;
    return;
  }
  if (head.due_at_ms <= now) {
    hold(q, queue, head);
    // What stands behind it is read once it is sent and recorded.
    queue.dueAt = now;
  } else {
    queue.dueAt = head.due_at_ms;
  }
};

const firstInLine = (docs: readonly DueDoc[]): DueDoc | undefined =>
  docs.reduce<DueDoc | undefined>(
    (first, doc) => (first === undefined || (doc.line ?? 0) < (first.line ?? 0) ? doc : first),
    undefined,
  );

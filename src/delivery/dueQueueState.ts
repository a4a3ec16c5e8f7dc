import type { ReadStore } from '../../adapters/readstore/port.js';
import type { DueDoc } from '../../projections/deliveries.js';

/** Deliveries read from the durable queue at a time, and held at most, for one endpoint. */
export const PER_ENDPOINT = 256;
/** Deliveries held in memory in all (past it, one per endpoint with work); the rest wait on disk. */
export const MAX_HELD = 8_192;

/**
 * An endpoint with work: the deliveries of it at hand (due, oldest first), when the durable queue
 * may next hold one of it that is not at hand, and until when it is set aside.
 */
export type EndpointQueue = {
  docs: DueDoc[];
  /** The earliest due time of a delivery of it that may be in the durable queue and not in `docs`. */
  dueAt: number | undefined;
  /**
   * Deliveries heard of as due that could not be taken at once (older ones may wait in the durable
   * queue). They are taken with the next read of it: the queue's read model may not list them yet
   * (another process projects it), and they must not wait for the next walk.
   */
  heard: DueDoc[];
  /** Set aside for its rate until then, or (Infinity) until a slot of it frees. */
  heldUntil: number;
  /** Counts news of it, so that a read can tell whether news came while it was under way. */
  news: number;
  /** Its deliveries go one at a time, in the order of their line (see fifoLine.ts). */
  fifo: boolean;
};

/** The queue's state: an entry per endpoint with work, and the deliveries held over all of them. */
export type Queues = {
  readStore: ReadStore;
  /** Whether this dispatcher starts the endpoint's deliveries: the others' are none of its business. */
  holds: (endpointId: string) => boolean;
  byEndpoint: Map<string, EndpointQueue>;
  /** The ids of the deliveries held in the entries' `docs`. */
  held: Set<string>;
  /** Endpoints set aside until a slot of their merchant's share frees, by merchant. */
  awaitingShare: Map<string, Set<string>>;
};

export const earlier = (a: number | undefined, b: number) => (a === undefined || b < a ? b : a);

export const queueOf = (q: Queues, endpointId: string): EndpointQueue => {
  let queue = q.byEndpoint.get(endpointId);
  if (!queue) {
    queue = { docs: [], dueAt: undefined, heard: [], heldUntil: 0, news: 0, fifo: false };
    q.byEndpoint.set(endpointId, queue);
  }
  return queue;
};

export const hold = (q: Queues, queue: EndpointQueue, doc: DueDoc) => {
  if (q.held.has(doc.id)) return false;
  q.held.add(doc.id);
  queue.docs.push(doc);
  return true;
};

/** Lets go of the deliveries of an endpoint at hand. */
export const letGo = (q: Queues, queue: EndpointQueue) => {
  for (const doc of queue.docs) q.held.delete(doc.id);
  queue.docs = [];
};

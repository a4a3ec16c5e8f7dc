import type { ReadStore } from '../../adapters/readstore/port.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { DELIVERIES_DUE } from '../../projections/deliveries.js';
import { findDocs } from '../reads/readModels.js';
import type { EndpointQueue, Queues } from './dueQueueState.js';
import { MAX_HELD, PER_ENDPOINT, earlier, hold, letGo, queueOf } from './dueQueueState.js';
import { readHead } from './fifoLine.js';

/** Endpoints looked up at a time when the queue is walked endpoint by endpoint. */
const HEADS_PAGE = 500;

/**
 * Why an endpoint cannot take a delivery now: see `EndpointLimits.refusal`; or `{ fifo }`: the
 * endpoint's ordering is not the one its deliveries were offered in, and they are offered again.
 */
export type Refusal = 'global' | { merchant: string } | { fifo: boolean } | 'slots' | number;

export type DueQueue = {
  /** Deliveries just planned or requeued, known from their events: no read of the queue needed. */
  offer: (docs: readonly DueDoc[], now: number) => DueDoc[];
  /** An attempt of this endpoint scheduled its delivery's next try. */
  retryAt: (endpointId: string, at: number) => void;
  /**
   * Looks at the durable queue endpoint by endpoint (a seek each, however long its backlog), for
   * work this process was not told of: at start, and now and then (another process may write).
   */
  resync: () => Promise<void>;
  /**
   * A slot of the endpoint, part of its merchant's share, freed: the endpoint, if set aside for its
   * slots, and the merchant's endpoints set aside for its share may go on.
   */
  slotFreed: (endpointId: string, merchantId: string | undefined) => void;
  /** A try of the endpoint was recorded (or given up): a FIFO endpoint's line may move on. */
  settled: (endpointId: string) => void;
  /**
   * Offers due deliveries, oldest first per endpoint, endpoint after endpoint. `start` takes one
   * (true) or says why the endpoint cannot (it is then set aside until that changes); `full`
   * ends the round.
   */
  drain: (round: {
    now: number;
    inFlightOf: (endpointId: string) => string[];
    /** `fifo`: whether the delivery was offered as the head of a FIFO endpoint's line. */
    start: (due: DueDoc, fifo: boolean) => Promise<true | Refusal>;
    full: () => boolean;
  }) => Promise<void>;
  /** When an endpoint set aside or waiting next has something to do (undefined: none has). */
  nextLookAt: () => number | undefined;
  /** Endpoints known to have work, and deliveries held in memory. */
  size: () => { endpoints: number; held: number };
};

type DrainRound = Parameters<DueQueue['drain']>[0];

/** The endpoint's next due deliveries from the durable queue; then when its next one falls due. */
const readDue = async (
  q: Queues,
  endpointId: string,
  queue: EndpointQueue,
  now: number,
  inFlight: string[],
) => {
  const news = queue.news;
  // Past the bound in all, each endpoint still takes one at a time: none waits on the others.
  const room = Math.max(1, Math.min(PER_ENDPOINT, MAX_HELD - q.held.size));
  const page = await findDocs(q.readStore, DELIVERIES_DUE, {
    where: { endpoint_id: endpointId },
    range: { lte: now },
    exclude: { id: inFlight },
    orderBy: { field: 'due_at_ms', direction: 'asc' },
    limit: room,
  });
  for (const doc of page.docs) hold(q, queue, doc);
  // More is due than there was room for: the rest, and what was heard of, when these are taken.
  if (page.nextCursor !== null) return;
  // What was heard of comes after what the durable queue lists (it is newer), once only.
  for (const doc of queue.heard.splice(0)) hold(q, queue, doc);
  // News came meanwhile: read again when these are taken.
  if (queue.news !== news) return;
  const later = await findDocs(q.readStore, DELIVERIES_DUE, {
    where: { endpoint_id: endpointId },
    range: { gte: now + 1 },
    orderBy: { field: 'due_at_ms', direction: 'asc' },
    limit: 1,
  });
  if (queue.news !== news) return;
  queue.dueAt = later.docs[0]?.due_at_ms;
};

const offer = (q: Queues, docs: readonly DueDoc[], now: number): DueDoc[] => {
  const taken: DueDoc[] = [];
  for (const doc of docs) {
    if (!q.holds(doc.endpoint_id)) continue;
    const queue = queueOf(q, doc.endpoint_id);
    queue.news++;
    // At hand only if nothing older may wait unread in the durable queue, and there is room.
    // A FIFO endpoint's next delivery is always read from its line.
    const inOrder = !queue.fifo && (queue.dueAt === undefined || queue.dueAt > now);
    const room = queue.docs.length < PER_ENDPOINT && q.held.size < MAX_HELD;
    if (doc.due_at_ms <= now && inOrder && room) {
      if (hold(q, queue, doc)) taken.push(doc);
    } else if (!q.held.has(doc.id)) {
      queue.dueAt = earlier(queue.dueAt, doc.due_at_ms);
      const heard = queue.heard.length < PER_ENDPOINT && doc.due_at_ms <= now;
      if (heard && !queue.heard.some((known) => known.id === doc.id)) queue.heard.push(doc);
    }
  }
  return taken;
};

/** Lets go of an endpoint and the deliveries of it at hand. */
const forget = (q: Queues, endpointId: string, queue: EndpointQueue) => {
  letGo(q, queue);
  q.byEndpoint.delete(endpointId);
};

/** Walks the durable queue by the first delivery of each endpoint: a seek each. */
const resync = async (q: Queues) => {
  const newsBefore = new Map([...q.byEndpoint].map(([id, queue]) => [id, queue.news]));
  const seen = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const heads = (await q.readStore.firstOfEach(DELIVERIES_DUE, {
      groupBy: 'endpoint_id',
      orderBy: 'due_at_ms',
      ...(after !== undefined && { after }),
      limit: HEADS_PAGE,
    })) as DueDoc[];
    for (const head of heads) {
      if (!q.holds(head.endpoint_id)) continue;
      seen.add(head.endpoint_id);
      const queue = queueOf(q, head.endpoint_id);
      queue.dueAt = earlier(queue.dueAt, head.due_at_ms);
    }
    if (heads.length < HEADS_PAGE) break;
    after = heads[heads.length - 1]!.endpoint_id;
  }
  // An endpoint with nothing in the durable queue, nothing at hand and no news since the walk
  // began is forgotten, and so is one another dispatcher now holds.
  for (const [endpointId, queue] of q.byEndpoint) {
    if (!q.holds(endpointId)) {
      forget(q, endpointId, queue);
      continue;
    }
    const quiet = newsBefore.get(endpointId) === queue.news;
    if (!seen.has(endpointId) && queue.docs.length === 0 && quiet) q.byEndpoint.delete(endpointId);
  }
};

/**
 * Offers one endpoint's due deliveries until it has none, is set aside, or the round is full.
 * Returns false when every slot of the dispatcher is taken: the round ends.
 */
const drainEndpoint = async (
  q: Queues,
  endpointId: string,
  queue: EndpointQueue,
  { now, inFlightOf, start, full }: DrainRound,
): Promise<boolean> => {
  while (!full()) {
    if (queue.docs.length === 0) {
      const unread = queue.dueAt !== undefined && queue.dueAt <= now;
      if (!unread && queue.heard.length === 0) break;
      const read = queue.fifo ? readHead : readDue;
      await read(q, endpointId, queue, now, inFlightOf(endpointId));
      if (queue.docs.length === 0) break;
    }
    const next = queue.docs[0]!;
    const started = await start(next, queue.fifo);
    if (started === 'global') return false;
    if (typeof started === 'object' && 'fifo' in started) {
      // Its ordering changed: what is at hand is read again, the way the endpoint now wants.
      queue.fifo = started.fifo;
      letGo(q, queue);
      queue.dueAt = now;
      continue;
    }
    if (started !== true) {
      queue.heldUntil = typeof started === 'number' ? started : Infinity;
      if (typeof started === 'object') awaitShare(q, started.merchant, endpointId);
      break;
    }
    queue.docs.shift();
    q.held.delete(next.id);
  }
  return true;
};

const awaitShare = (q: Queues, merchantId: string, endpointId: string) => {
  const waiting = q.awaitingShare.get(merchantId) ?? new Set<string>();
  q.awaitingShare.set(merchantId, waiting.add(endpointId));
};

const slotFreed = (q: Queues, endpointId: string, merchantId: string | undefined) => {
  const freed = [endpointId];
  const waiting = merchantId === undefined ? undefined : q.awaitingShare.get(merchantId);
  if (waiting) {
    q.awaitingShare.delete(merchantId!);
    freed.push(...waiting);
  }
  for (const id of freed) {
    const queue = q.byEndpoint.get(id);
    if (queue && queue.heldUntil === Infinity) queue.heldUntil = 0;
  }
};

const drain = async (q: Queues, round: DrainRound) => {
  for (const [endpointId, queue] of q.byEndpoint) {
    if (round.full()) return;
    if (!q.holds(endpointId)) {
      forget(q, endpointId, queue);
      continue;
    }
    if (queue.heldUntil > round.now) continue;
    queue.heldUntil = 0;
    if (!(await drainEndpoint(q, endpointId, queue, round))) return;
    const idle = queue.docs.length === 0 && queue.heard.length === 0;
    if (idle && queue.dueAt === undefined && queue.heldUntil === 0) q.byEndpoint.delete(endpointId);
  }
};

const nextLookAt = (q: Queues): number | undefined => {
  let earliest: number | undefined;
  for (const queue of q.byEndpoint.values()) {
    const readyAt = queue.docs.length > 0 || queue.heard.length > 0 ? 0 : (queue.dueAt ?? Infinity);
    const at = Math.max(readyAt, queue.heldUntil);
    if (at !== Infinity) earliest = earlier(earliest, at);
  }
  return earliest;
};

/**
 * What is due, as one entry per endpoint: its next deliveries at hand, its next due time, and
 * whether it is set aside (slots taken, rate spent) or waiting for a retry. Reading the durable
 * queue is always by endpoint and bounded: the next deliveries of one endpoint, or the first of
 * each endpoint. So a backlog of millions for one endpoint costs the others nothing, and a
 * rate-limited endpoint is looked at when its next token comes, not before.
 */
export const dueQueue = (
  readStore: ReadStore,
  holds: (endpointId: string) => boolean = () => true,
): DueQueue => {
  const q: Queues = {
    readStore,
    holds,
    byEndpoint: new Map(),
    held: new Set(),
    awaitingShare: new Map(),
  };
  return {
    offer: (docs, now) => offer(q, docs, now),
    retryAt: (endpointId, at) => {
      if (!holds(endpointId)) return;
      const queue = queueOf(q, endpointId);
      queue.news++;
      queue.dueAt = earlier(queue.dueAt, at);
    },
    resync: () => resync(q),
    slotFreed: (endpointId, merchantId) => slotFreed(q, endpointId, merchantId),
    settled: (endpointId) => {
      const queue = q.byEndpoint.get(endpointId);
      if (queue?.fifo && queue.heldUntil === Infinity) queue.heldUntil = 0;
    },
    drain: (round) => drain(q, round),
    nextLookAt: () => nextLookAt(q),
    size: () => ({ endpoints: q.byEndpoint.size, held: q.held.size }),
  };
};

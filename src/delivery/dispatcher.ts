import type { WebhookSender } from '../../adapters/delivery/port.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { newId } from '../ids.js';
import type { Dispatch, EndpointOf, Needs } from './dispatch.js';
import { AFTER_FAILURE_MS, CLAIM_LEASE_MS, claimKey, launch, readEndpoint } from './dispatch.js';
import type { Refusal } from './dueQueue.js';
import { dueQueue } from './dueQueue.js';
import { knownDeliveries } from './knownDeliveries.js';
import { RATE_WINDOW_MS, endpointLimits } from './endpointLimits.js';
import { wakeSignal } from './wakeSignal.js';
import { endpointCache } from './endpointCache.js';
import { isListenerUrl } from '../listen/listenerEndpoint.js';
import { followQueueNews } from './queueNews.js';

/** The dispatchers: each endpoint's partition is held by one of them at a time. */
export const DISPATCHER_GROUP = 'dispatcher';

export type Dispatcher = {
  stop: () => Promise<void>;
  /** Deliveries being attempted right now. */
  inFlight: () => number;
};

/**
 * Even with no news, walk the durable queue endpoint by endpoint this often (another process may
 * have written to it, or news may have been missed).
 */
const RESYNC_MS = 5_000;
/**
 * Starts one due delivery if its endpoint's limits allow and no other dispatcher holds it: true
 * once it is dealt with, else why its endpoint is set aside.
 */
const startDue = async (
  d: Dispatch,
  due: DueDoc,
  fifo: boolean,
  endpointOf: (id: string) => Promise<EndpointOf>,
): Promise<true | Refusal> => {
  if (d.inFlight.has(due.id)) {
    // A resend or replay started a new round while a try of the old one is on the wire: the
    // new round is sent once that try is recorded (as superseded).
    d.parked.set(due.id, due);
    return true;
  }
  // Another dispatcher took the endpoint's partition over while this one was busy: it is theirs.
  if (!d.hold.holds(due.endpoint_id)) return true;
  const read = await endpointOf(due.endpoint_id);
  // A listening endpoint's tries go to the developer's `sluice listen` over its stream; once it
  // stops listening (disabled), its pending ones are abandoned here as any disabled endpoint's.
  if (read.endpoint && !read.endpoint.disabled && isListenerUrl(read.endpoint.url)) return true;
  const wantsFifo = read.endpoint?.ordering === 'fifo';
  if (wantsFifo !== fifo) return { fifo: wantsFifo };
  const rate = read.endpoint && !read.endpoint.disabled ? read.endpoint.rate_limit_per_s : null;
  // An endpoint no longer known is its own merchant: its try only records that it is gone.
  const merchantId = read.endpoint?.merchant_id ?? due.endpoint_id;
  const sendAt = d.limits.tryAcquire(due.endpoint_id, merchantId, rate);
  if (sendAt === false) {
    const refusal = d.limits.refusal(due.endpoint_id, merchantId) ?? 0;
    return refusal === 'merchant' ? { merchant: merchantId } : refusal;
  }
  // Another dispatcher holds this try: it is theirs. Should they die, the lease ends and the try,
  // still in the queue, is found again.
  // Each claim is made in a name of its own: a claim is re-entrant for its owner, and a try once
  // claimed is never claimed again, even by this dispatcher from a stale row of the queue.
  const claimant = `${d.owner}:${++d.claimsMade}`;
  // Nothing is sent unless claimed: the place in the endpoint's rate is given back with the
  // slots, on every path (a claims store that failed too, or the slots would be lost for good).
  const giveBack = () => {
    d.limits.unsent(due.endpoint_id);
    d.work.slotFreed(due.endpoint_id, d.limits.release(due.endpoint_id));
  };
  const claiming = d.services.claims.claim(claimKey(due), claimant, CLAIM_LEASE_MS);
  const partition = d.hold.partitionOf(due.endpoint_id);
  d.lastSentAt.set(partition, Math.max(d.lastSentAt.get(partition) ?? -Infinity, Date.now()));
  if (!fifo) {
    // The try is sent once claimed: the round goes on meanwhile, so that the claims of the tries
    // it starts are made together, not one round trip each.
    launch(d, due, { ...read, sendAt }, claimant, claiming, giveBack);
    return true;
  }
  let claimed: boolean;
  try {
    claimed = await claiming;
  } catch (err) {
    giveBack();
    throw err;
  }
  if (!claimed) {
    giveBack();
    // A FIFO line waits for its head: it is looked at again when the claim may have lapsed.
    return Date.now() + CLAIM_LEASE_MS / 3;
  }
  launch(d, due, { ...read, sendAt }, claimant, Promise.resolve(true), giveBack);
  return true;
};

/**
 * Starts every due delivery the limits allow. An endpoint and its secrets are read once per round,
 * however many of its deliveries the round starts.
 */
const fill = (d: Dispatch) => {
  const endpoints = new Map<string, Promise<EndpointOf>>();
  const endpointOf = (id: string) => {
    let read = endpoints.get(id);
    if (!read) {
      const fromStore = () => readEndpoint(d.services, id);
      read = d.endpoints ? d.endpoints.read(id, fromStore) : fromStore();
      endpoints.set(id, read);
    }
    return read;
  };
  return d.work.drain({
    now: Date.now(),
    inFlightOf: (endpointId) => {
      const ids: string[] = [];
      for (const [id, entry] of d.inFlight) if (entry.endpointId === endpointId) ids.push(id);
      return ids;
    },
    full: () => !d.running || d.limits.globalFull(),
    start: (due, fifo) => startDue(d, due, fifo, endpointOf),
  });
};

/**
 * How long to sleep: until an endpoint set aside or waiting has something to do, or the next walk
 * of the queue. With every slot taken, only an attempt's end (news) is worth waking for.
 */
const sleepMs = (d: Dispatch, now: number): number => {
  const candidates = [d.resyncedAt + RESYNC_MS];
  const next = d.limits.globalFull() ? undefined : d.work.nextLookAt();
  if (next !== undefined) candidates.push(next);
  return Math.max(0, Math.min(...candidates) - now);
};

/** One round: walk the durable queue when it is time, start what is due, sleep until needed. */
const round = async (d: Dispatch) => {
  const woken = d.wake.wait();
  if (Date.now() - d.resyncedAt >= RESYNC_MS) {
    d.resyncedAt = Date.now();
    await d.work.resync();
    d.limits.forgetRefilled();
  }
  await fill(d);
  const ms = sleepMs(d, Date.now());
  let timer: NodeJS.Timeout | undefined;
  const slept = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  const wokenBy = await Promise.race([woken.then(() => 'news' as const), slept]);
  clearTimeout(timer);
  // A wake comes at the end of its turn, with the turn's other news in (attempts ending,
  // deliveries planned): one round starts them all, reading each endpoint once. A timer lets the
  // rest of its turn in first.
  if (wokenBy !== 'news') await new Promise((resolve) => setImmediate(resolve));
};

const loop = async (d: Dispatch) => {
  while (d.running) {
    try {
      await round(d);
    } catch (err) {
      d.services.logger.error({ err }, 'delivery dispatcher failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, AFTER_FAILURE_MS));
    }
  }
};

/**
 * Whether the dispatcher may give a partition up to another (the group grew): once no try of it is
 * on the wire and none started or went on the wire within a rate window, so the next holder, whose limits start
 * afresh, never sends beside this one.
 */
const mayRelease = (d: Dispatch, partition: number): boolean => {
  for (const entry of d.inFlight.values())
    if (d.hold.partitionOf(entry.endpointId) === partition) return false;
  return Date.now() - (d.lastSentAt.get(partition) ?? -Infinity) > RATE_WINDOW_MS;
};

/**
 * Sends what the durable queue says is due, oldest first, within the concurrency limits: a slow or
 * dead endpoint fills its own slots and is set aside, while deliveries to the others go on. It
 * wakes when deliveries are planned or requeued, when an attempt ends, and when the next one falls
 * due. Each endpoint's deliveries are started by the one dispatcher holding its partition, so its
 * concurrency and rate hold however many dispatchers run; one that gains partitions walks the
 * durable queue for their work at once.
 */
export const startDispatcher = async (
  services: Needs,
  sender: WebhookSender,
  /** `storesAway`: the read models are a round trip away (distributed). */
  options: { storesAway?: boolean } = {},
): Promise<Dispatcher> => {
  // The hold is joined before the dispatch it belongs to is made: until then, it gives nothing up.
  const made: { dispatch?: Dispatch } = {};
  const hold = await services.partitions.join(DISPATCHER_GROUP, {
    mayRelease: (partition) => made.dispatch !== undefined && mayRelease(made.dispatch, partition),
  });
  const dispatch: Dispatch = {
    services,
    sender,
    limits: endpointLimits({
      global: services.config.deliveryConcurrency,
      perMerchant: services.config.guards.merchantDeliveryConcurrency,
      perEndpoint: services.config.endpointConcurrency,
    }),
    wake: wakeSignal(),
    known: knownDeliveries((endpointId) => hold.holds(endpointId)),
    work: dueQueue(services.readStore, (endpointId) => hold.holds(endpointId)),
    hold,
    lastSentAt: new Map(),
    inFlight: new Map(),
    parked: new Map(),
    endpoints: undefined,
    owner: newId('dsp'),
    claimsMade: 0,
    running: true,
    resyncedAt: -Infinity,
  };
  made.dispatch = dispatch;
  hold.onChange(() => {
    dispatch.known.forgetAll();
    dispatch.resyncedAt = -Infinity;
    dispatch.wake.notify();
  });
  // News is heard from here on; what came before is in the durable queue, walked first.
  const after = await services.eventStore.headPosition();
  if (options.storesAway) dispatch.endpoints = endpointCache(services, after);
  const endpoints = dispatch.endpoints;
  const queueNews = followQueueNews(
    services,
    dispatch.known,
    (due) => {
      dispatch.work.offer(due, Date.now());
      dispatch.wake.notify();
    },
    { after, ...(endpoints && { endpointChanged: endpoints.changed }) },
  );
  const looping = loop(dispatch);
  return {
    stop: async () => {
      dispatch.running = false;
      dispatch.wake.notify();
      await queueNews.stop();
      await looping;
      dispatch.endpoints?.stop();
      // Attempts still on the wire record nothing now: they stay due, and are sent again after a
      // restart.
      await sender.close();
      await Promise.all([...dispatch.inFlight.values()].map((entry) => entry.attempt));
      await hold.leave();
    },
    inFlight: () => dispatch.inFlight.size,
  };
};

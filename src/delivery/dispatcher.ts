import type { WebhookSender } from '../../adapters/delivery/port.js';
import type { Subscription } from '../../adapters/eventstore/port.js';
import type { DeliveryEvent } from '../../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { DELIVERIES_DUE } from '../../projections/deliveries.js';
import type { EndpointDoc, EndpointSecretsDoc } from '../../projections/webhookEndpoints.js';
import { ENDPOINT_SECRETS, WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import type { Services } from '../services.js';
import { newId } from '../ids.js';
import { attemptDelivery } from './attempt.js';
import { dueWork } from './dueWork.js';
import { knownDeliveries } from './knownDeliveries.js';
import { endpointLimits } from './endpointLimits.js';

/**
 * Wakes a sleeping loop; a wake before the sleep is not lost (the next wait returns at once). The
 * waiters wake at the end of the turn, in one go however many wakes the turn had, and ahead of what
 * the turn queued after the first wake: an attempt that frees a slot queues its outcome's append
 * right after, so the next request to that endpoint leaves before the outcome is written, and the
 * receiver answers it while the commit runs.
 */
const wakeSignal = () => {
  let waiters: Array<() => void> = [];
  let scheduled = false;
  const wakeAll = () => {
    scheduled = false;
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };
  return {
    wait: () => new Promise<void>((resolve) => waiters.push(resolve)),
    notify: () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(wakeAll);
    },
  };
};

export type Dispatcher = {
  stop: () => Promise<void>;
  /** Deliveries being attempted right now. */
  inFlight: () => number;
};

/** Even with no news, look at the queue this often (another process may have written to it). */
const IDLE_LOOK_MS = 5_000;
const LOOK_AHEAD_MS = 1_000;
const AFTER_FAILURE_MS = 1_000;
const CLAIM_MARGIN_MS = 60_000;

/** One try of one delivery: a retry falls due at another time, and is claimed anew. */
const claimKey = (due: DueDoc) => `${due.id}@${due.due_at_ms}`;

/**
 * Sends what the durable queue says is due, oldest first, within the concurrency limits: a slow or
 * dead endpoint fills its own slots and is set aside, while deliveries to the others go on. It
 * wakes when deliveries are planned or requeued, when an attempt ends, and when the next one falls
 * due.
 */
export const startDispatcher = (services: Services, sender: WebhookSender): Dispatcher => {
  const limits = endpointLimits(
    services.config.deliveryConcurrency,
    services.config.endpointConcurrency,
  );
  const wake = wakeSignal();
  const known = knownDeliveries();
  const inFlight = new Map<string, Promise<void>>();
  let running = true;
  const owner = newId('dsp');
  // A claim outlasts the try and its recording, so the queue has moved on before it ends.
  const claimLease = services.config.attemptTimeoutMs + CLAIM_MARGIN_MS;

  // New work: deliveries planned or requeued.
  let queueNews: Subscription | undefined;
  void services.eventStore.headPosition().then((head) => {
    if (!running) return;
    queueNews = services.eventStore.subscribe(
      {
        ...(head && { after: head }),
        filter: { typePrefixes: ['delivery.planned', 'delivery.requeued'] },
      },
      (events) => {
        // The events say what fell due and where: list it at once, without waiting for the queue's
        // projection. The attempt's own recording waits for it, so the queue ends up in order.
        work.offer(
          events.map((event) => {
            const data = event.data as {
              event_id: string;
              endpoint_id: string;
              due_at: string;
              round?: number;
            };
            known.note(event as RecordedEvent<DeliveryEvent>);
            const round = event.type === 'delivery.planned' ? 1 : data.round;
            return {
              id: event.stream,
              event_id: data.event_id,
              endpoint_id: data.endpoint_id,
              due_at_ms: Date.parse(data.due_at),
              ...(round !== undefined && { round }),
            };
          }),
        );
        wake.notify();
        return Promise.resolve();
      },
    );
  });

  type EndpointOf = { endpoint?: EndpointDoc; secrets?: EndpointSecretsDoc };
  const readEndpoint = async (id: string): Promise<EndpointOf> => {
    const endpoint = (await services.readStore.get(WEBHOOK_ENDPOINTS, id)) as
      EndpointDoc | undefined;
    const secrets = (await services.readStore.get(ENDPOINT_SECRETS, id)) as
      EndpointSecretsDoc | undefined;
    return { ...(endpoint && { endpoint }), ...(secrets && { secrets }) };
  };

  const launch = (
    due: DueDoc,
    endpoint: EndpointDoc | undefined,
    secrets: EndpointSecretsDoc | undefined,
  ) => {
    // The endpoint's slot is for a request on the wire: it frees once the receiver has answered,
    // while the outcome is being recorded. The delivery itself stays in flight (the queue does
    // not offer it again) until its outcome is recorded.
    let slotHeld = true;
    const freeSlot = () => {
      if (!slotHeld) return;
      slotHeld = false;
      limits.release(due.endpoint_id);
      wake.notify();
    };
    const attempt = attemptDelivery({ services, sender, running: () => running }, due, {
      endpoint,
      secrets,
      ...known.take(due.id),
      answered: freeSlot,
    })
      .then(scheduled)
      .catch((err: unknown) => {
        services.logger.error({ err, delivery: due.id }, 'delivery attempt failed');
        return new Promise<void>((resolve) => setTimeout(resolve, AFTER_FAILURE_MS));
      })
      .finally(() => {
        inFlight.delete(due.id);
        const again = parked.get(due.id);
        if (again) {
          parked.delete(due.id);
          work.offer([again]);
        }
        freeSlot();
        wake.notify();
      });
    inFlight.set(due.id, attempt);
  };

  const work = dueWork(services.readStore);
  /** Rounds that fell due while a try of their delivery was still on the wire. */
  const parked = new Map<string, DueDoc>();

  /**
   * Starts every due delivery the limits allow. An endpoint and its secrets are read once per
   * round, however many of its deliveries the round starts.
   */
  const fill = () => {
    const endpoints = new Map<string, Promise<EndpointOf>>();
    const endpointOf = (id: string) => {
      let read = endpoints.get(id);
      if (!read) {
        read = readEndpoint(id);
        endpoints.set(id, read);
      }
      return read;
    };
    return work.drain({
      busy: () => limits.saturated(),
      excluded: () => [...inFlight.keys()],
      full: () => !running || limits.globalFull(),
      start: async (due) => {
        if (inFlight.has(due.id)) {
          // A resend or replay started a new round while a try of the old one is on the wire: the
          // new round is sent once that try is recorded (as superseded).
          parked.set(due.id, due);
          return true;
        }
        const { endpoint, secrets } = await endpointOf(due.endpoint_id);
        const rate = endpoint && !endpoint.disabled ? endpoint.rate_limit_per_s : null;
        if (!limits.tryAcquire(due.endpoint_id, rate)) return false;
        // Another dispatcher holds this try: it is theirs. Should they die, the lease ends and
        // the try, still in the queue, is found again.
        if (!(await services.claims.claim(claimKey(due), owner, claimLease))) {
          limits.release(due.endpoint_id);
          return true;
        }
        launch(due, endpoint, secrets);
        return true;
      },
    });
  };

  /** How long to sleep: until the next delivery falls due, or an endpoint's rate allows another. */
  /**
   * The earliest due time in the queue, read at most every LOOK_AHEAD_MS: between reads, retries
   * that attempts schedule are folded in as they are recorded, so no finished attempt costs a query.
   */
  let nextDue: { at: number | undefined; readAt: number } = { at: undefined, readAt: -Infinity };
  const scheduled = (at: number | null) => {
    if (at !== null && (nextDue.at === undefined || at < nextDue.at)) nextDue = { ...nextDue, at };
  };
  const nextDueAt = async (now: number): Promise<number | undefined> => {
    if (nextDue.at !== undefined && nextDue.at <= now) {
      // It has fallen due: report it once, and read afresh next time.
      const at = nextDue.at;
      nextDue = { at: undefined, readAt: -Infinity };
      return at;
    }
    if (now - nextDue.readAt < LOOK_AHEAD_MS) return nextDue.at;
    const next = await services.readStore.find(DELIVERIES_DUE, {
      range: { gte: now + 1 },
      orderBy: { field: 'due_at_ms', direction: 'asc' },
      limit: 1,
    });
    nextDue = { at: (next.docs[0] as DueDoc | undefined)?.due_at_ms, readAt: now };
    return nextDue.at;
  };

  const sleepMs = async (): Promise<number> => {
    const now = Date.now();
    const candidates = [now + IDLE_LOOK_MS];
    const dueAt = await nextDueAt(now);
    if (dueAt !== undefined && dueAt <= now) {
      // A delivery fell due while the loop was busy: the lists do not hold it yet.
      work.invalidate();
      return 0;
    }
    if (dueAt !== undefined) candidates.push(dueAt);
    const token = limits.nextTokenAt();
    if (token !== undefined) candidates.push(token);
    return Math.max(0, Math.min(...candidates) - now);
  };

  const loop = async () => {
    while (running) {
      const woken = wake.wait();
      try {
        await fill();
        const ms = await sleepMs();
        let timer: NodeJS.Timeout | undefined;
        const slept = new Promise((resolve) => (timer = setTimeout(resolve, ms))).then(() => {
          // Something fell due, or a while passed: the queue may hold what the lists do not.
          work.invalidate();
        });
        const wokenBy = await Promise.race([woken.then(() => 'news' as const), slept]);
        clearTimeout(timer);
        // A wake comes at the end of its turn, with the turn's other news in (attempts ending,
        // deliveries planned): one round starts them all, reading each endpoint once. A timer
        // lets the rest of its turn in first.
        if (wokenBy !== 'news') await new Promise((resolve) => setImmediate(resolve));
      } catch (err) {
        services.logger.error({ err }, 'delivery dispatcher failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, AFTER_FAILURE_MS));
      }
    }
  };
  const looping = loop();

  return {
    stop: async () => {
      running = false;
      wake.notify();
      await queueNews?.stop();
      await looping;
      // Attempts still on the wire record nothing now: they stay due, and are sent again after a restart.
      await sender.close();
      await Promise.all(inFlight.values());
    },
    inFlight: () => inFlight.size,
  };
};

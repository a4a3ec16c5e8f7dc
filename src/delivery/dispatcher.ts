import type { WebhookSender } from '../../adapters/delivery/port.js';
import type { DeliveryEvent } from '../../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { DueDoc } from '../../projections/deliveries.js';
import type { EndpointDoc, EndpointSecretsDoc } from '../../projections/webhookEndpoints.js';
import { ENDPOINT_SECRETS, WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import type { Services } from '../services.js';
import { newId } from '../ids.js';
import { runOnLog } from '../processing/processor.js';
import { attemptDelivery } from './attempt.js';
import { dueQueue } from './dueQueue.js';
import { knownDeliveries } from './knownDeliveries.js';
import { endpointLimits } from './endpointLimits.js';
import { wakeSignal } from './wakeSignal.js';
import { getDoc } from '../reads/readModels.js';

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
  /** Deliveries being attempted, by id. */
  const inFlight = new Map<string, { endpointId: string; attempt: Promise<void> }>();
  let running = true;
  const owner = newId('dsp');
  // A claim outlasts the try and its recording, so the queue has moved on before it ends.
  const claimLease = services.config.attemptTimeoutMs + CLAIM_MARGIN_MS;

  // New work: deliveries planned or requeued, heard in this process from its start on.
  const queueNews = runOnLog(
    services.eventStore,
    {
      name: 'delivery_queue_news',
      filter: { typePrefixes: ['delivery.planned', 'delivery.requeued'] },
      handle: (events) => {
        // The events say what fell due and where: list it at once, without waiting for the
        // queue's projection. The attempt's own recording waits for it, so the queue ends up in
        // order.
        work.offer(events.map(dueOf), Date.now());
        wake.notify();
        return Promise.resolve();
      },
    },
    { kind: 'none' },
    services,
  );
  /** A planned or requeued delivery as the queue lists it; noted so its attempt need not read it. */
  const dueOf = (event: RecordedEvent): DueDoc => {
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
  };

  type EndpointOf = { endpoint?: EndpointDoc; secrets?: EndpointSecretsDoc };
  const readEndpoint = async (id: string): Promise<EndpointOf> => {
    const endpoint = await getDoc(services.readStore, WEBHOOK_ENDPOINTS, id);
    const secrets = await getDoc(services.readStore, ENDPOINT_SECRETS, id);
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
      work.slotFreed(due.endpoint_id);
      wake.notify();
    };
    const attempt = attemptDelivery({ services, sender, running: () => running }, due, {
      endpoint,
      secrets,
      ...known.take(due.id),
      answered: freeSlot,
    })
      .then((at) => {
        if (at !== null) work.retryAt(due.endpoint_id, at);
      })
      .catch((err: unknown) => {
        services.logger.error({ err, delivery: due.id }, 'delivery attempt failed');
        return new Promise<void>((resolve) => setTimeout(resolve, AFTER_FAILURE_MS));
      })
      .finally(() => {
        inFlight.delete(due.id);
        const again = parked.get(due.id);
        if (again) {
          parked.delete(due.id);
          work.offer([again], Date.now());
        }
        freeSlot();
        wake.notify();
      });
    inFlight.set(due.id, { endpointId: due.endpoint_id, attempt });
  };

  const work = dueQueue(services.readStore);
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
      now: Date.now(),
      inFlightOf: (endpointId) => {
        const ids: string[] = [];
        for (const [id, entry] of inFlight) if (entry.endpointId === endpointId) ids.push(id);
        return ids;
      },
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
        if (!limits.tryAcquire(due.endpoint_id, rate)) return limits.refusal(due.endpoint_id) ?? 0;
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

  /**
   * How long to sleep: until an endpoint set aside or waiting has something to do, or the next walk
   * of the queue. With every slot taken, only an attempt's end (news) is worth waking for.
   */
  let resyncedAt = -Infinity;
  const sleepMs = (now: number): number => {
    const candidates = [resyncedAt + RESYNC_MS];
    const next = limits.globalFull() ? undefined : work.nextLookAt();
    if (next !== undefined) candidates.push(next);
    return Math.max(0, Math.min(...candidates) - now);
  };

  const loop = async () => {
    while (running) {
      const woken = wake.wait();
      try {
        if (Date.now() - resyncedAt >= RESYNC_MS) {
          resyncedAt = Date.now();
          await work.resync();
          limits.forgetRefilled();
        }
        await fill();
        const ms = sleepMs(Date.now());
        let timer: NodeJS.Timeout | undefined;
        const slept = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
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
      await (await queueNews).stop();
      await looping;
      // Attempts still on the wire record nothing now: they stay due, and are sent again after a restart.
      await sender.close();
      await Promise.all([...inFlight.values()].map((entry) => entry.attempt));
    },
    inFlight: () => inFlight.size,
  };
};

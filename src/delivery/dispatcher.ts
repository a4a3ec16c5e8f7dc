import type { WebhookSender } from '../../adapters/delivery/port.js';
import type { Subscription } from '../../adapters/eventstore/port.js';
import { appendSignal } from '../../adapters/eventstore/pullSubscription.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { DELIVERIES_DUE } from '../../projections/deliveries.js';
import type { EndpointDoc } from '../../projections/webhookEndpoints.js';
import { WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import type { Services } from '../services.js';
import { attemptDelivery } from './attempt.js';
import { endpointLimits } from './endpointLimits.js';

export type Dispatcher = {
  stop: () => Promise<void>;
  /** Deliveries being attempted right now. */
  inFlight: () => number;
};

/** Even with no news, look at the queue this often (another process may have written to it). */
const IDLE_LOOK_MS = 5_000;
const AFTER_FAILURE_MS = 1_000;

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
  const wake = appendSignal();
  const inFlight = new Map<string, Promise<void>>();
  let running = true;

  // New work: after the projector has put planned or requeued deliveries in the queue.
  let queueNews: Subscription | undefined;
  void services.eventStore.headPosition().then((head) => {
    if (!running) return;
    queueNews = services.eventStore.subscribe(
      {
        ...(head && { after: head }),
        filter: { typePrefixes: ['delivery.planned', 'delivery.requeued'] },
      },
      async (events) => {
        const last = events[events.length - 1];
        if (!last) return;
        await services.projector.caughtUp(last.position);
        wake.notify();
      },
    );
  });

  const launch = (due: DueDoc) => {
    const attempt = attemptDelivery({ services, sender, running: () => running }, due)
      .catch((err: unknown) => {
        services.logger.error({ err, delivery: due.id }, 'delivery attempt failed');
        return new Promise<void>((resolve) => setTimeout(resolve, AFTER_FAILURE_MS));
      })
      .finally(() => {
        inFlight.delete(due.id);
        limits.release(due.endpoint_id);
        wake.notify();
      });
    inFlight.set(due.id, attempt);
  };

  /** Starts every due delivery the limits allow. */
  const fill = async () => {
    for (;;) {
      if (!running || limits.globalFull()) return;
      const room = services.config.deliveryConcurrency - limits.inFlight();
      const page = await services.readStore.find(DELIVERIES_DUE, {
        range: { lte: Date.now() },
        exclude: { endpoint_id: limits.saturated(), id: [...inFlight.keys()] },
        orderBy: { field: 'due_at_ms', direction: 'asc' },
        limit: room,
      });
      let started = 0;
      for (const doc of page.docs as DueDoc[]) {
        if (inFlight.has(doc.id)) continue;
        const endpoint = (await services.readStore.get(WEBHOOK_ENDPOINTS, doc.endpoint_id)) as
          EndpointDoc | undefined;
        if (
          !limits.tryAcquire(
            doc.endpoint_id,
            endpoint?.disabled ? null : (endpoint?.rate_limit_per_s ?? null),
          )
        )
          continue;
        launch(doc);
        started++;
      }
      // A short page is the whole of what is due now; a page where nothing started was all busy endpoints.
      if (page.docs.length < room || started === 0) return;
    }
  };

  /** How long to sleep: until the next delivery falls due, or an endpoint's rate allows another. */
  const sleepMs = async (): Promise<number> => {
    const now = Date.now();
    const next = await services.readStore.find(DELIVERIES_DUE, {
      range: { gte: now + 1 },
      orderBy: { field: 'due_at_ms', direction: 'asc' },
      limit: 1,
    });
    const candidates = [now + IDLE_LOOK_MS];
    const dueAt = (next.docs[0] as DueDoc | undefined)?.due_at_ms;
    if (dueAt !== undefined) candidates.push(dueAt);
    const token = limits.nextTokenAt();
    if (token !== undefined) candidates.push(token);
    return Math.max(1, Math.min(...candidates) - now);
  };

  const loop = async () => {
    while (running) {
      const woken = wake.wait();
      try {
        await fill();
        const ms = await sleepMs();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([woken, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
        clearTimeout(timer);
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

import type { EventMetadata } from '../../domain/shared/envelope.js';
import { endpointDecider, endpointStream } from '../../domain/webhooks/endpoint.js';
import type { EndpointDoc } from '../../projections/webhookEndpoints.js';
import { WEBHOOK_ENDPOINTS } from '../../projections/webhookEndpoints.js';
import { execute } from '../http/execute.js';
import { findDocs, getDoc } from '../reads/readModels.js';
import type { Services } from '../services.js';
import { listeningClaim } from './listeningLease.js';

type Needs = Pick<
  Services,
  'claims' | 'config' | 'eventStore' | 'logger' | 'now' | 'projector' | 'readStore'
>;

const SWEEPER = 'sluice:idle-listeners';
/** Listeners of each kind looked at in one sweep: the next sweeps go on with the rest. */
const PER_SWEEP = 100;
/** How long a sweep holds a listener it closes or deletes: a session opening meanwhile waits. */
const HOLD_MS = 10_000;

const metadataFor = (listener: EndpointDoc): EventMetadata => ({
  merchant_id: listener.merchant_id,
  actor: 'sluice:listen',
  request_id: null,
  correlation_id: null,
  causation_id: null,
});

/**
 * Does `change` to a listener no session holds, holding it meanwhile so that a session opening
 * waits until it is done (src/listen/listeningLease.ts). True when it did.
 */
const unheld = async (
  services: Needs,
  listener: EndpointDoc,
  change: (current: EndpointDoc) => Promise<boolean>,
): Promise<boolean> => {
  const claim = listeningClaim(listener.id);
  if (!(await services.claims.claim(claim, SWEEPER, HOLD_MS))) return false;
  try {
    // As it is now that no session can open it: the page it was found on may be behind.
    const current = await getDoc(services.readStore, WEBHOOK_ENDPOINTS, listener.id);
    return current ? await change(current) : false;
  } finally {
    await services.claims.release(claim, SWEEPER);
  }
};

/** A command of the service's own on the listener: closing it, or deleting it. */
const commandListener = (
  services: Needs,
  listener: EndpointDoc,
  command: { type: 'update_endpoint'; changes: { disabled: true } } | { type: 'delete_endpoint' },
) =>
  execute(
    services,
    endpointDecider,
    endpointStream(listener.id),
    {
      ...command,
      endpoint_id: listener.id,
      acting_merchant: undefined,
      now: services.now().toISOString(),
    },
    metadataFor(listener),
  );

/**
 * Removes the listening endpoints of `sluice listen` that no one has listened on for
 * SLUICE_LISTENER_IDLE_S, and closes those whose sessions ended without closing them (their
 * process died): a listener counts as in use while a session holds it. A removal is an endpoint's
 * deletion like any other, in the log and the audit; the key's next listen makes it again. Every
 * process sweeps: a listener is held while it is closed or deleted, so two never act on one.
 */
export const startIdleListenerSweep = (services: Needs): { stop: () => Promise<void> } => {
  const idleMs = services.config.listenerIdleMs;
  const everyMs = Math.min(60_000, Math.max(200, Math.floor(idleMs / 2)));
  // Open listeners are gone through page by page, one page a sweep, however many run at once.
  let openCursor: string | undefined;

  const closeOrphans = async () => {
    const page = await findDocs(services.readStore, WEBHOOK_ENDPOINTS, {
      where: { listener: true, disabled: false },
      orderBy: { field: 'updated_at', direction: 'asc' },
      limit: PER_SWEEP,
      ...(openCursor && { cursor: openCursor }),
    });
    openCursor = page.nextCursor ?? undefined;
    let closed = 0;
    for (const listener of page.docs) {
      const done = await unheld(services, listener, async (current) => {
        if (current.disabled) return false;
        await commandListener(services, current, {
          type: 'update_endpoint',
          changes: { disabled: true },
        });
        return true;
      });
      if (done) closed++;
    }
    return closed;
  };

  const removeIdle = async () => {
    const idleSince = new Date(services.now().getTime() - idleMs).toISOString();
    const page = await findDocs(services.readStore, WEBHOOK_ENDPOINTS, {
      where: { listener: true, disabled: true },
      range: { lte: idleSince },
      orderBy: { field: 'updated_at', direction: 'asc' },
      limit: PER_SWEEP,
    });
    let removed = 0;
    for (const listener of page.docs) {
      const done = await unheld(services, listener, async (current) => {
        if (!current.disabled || current.updated_at > idleSince) return false;
        await commandListener(services, current, { type: 'delete_endpoint' });
        return true;
      });
      if (done) removed++;
    }
    return removed;
  };

  const sweep = async () => {
    try {
      const closed = await closeOrphans();
      const removed = await removeIdle();
      if (closed + removed > 0)
        services.logger.info({ closed, removed }, 'idle listening endpoints closed and removed');
    } catch (err) {
      services.logger.warn({ err }, 'the sweep of idle listeners failed; it runs again later');
    }
  };

  let sweeping: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    sweeping = sweeping.then(sweep);
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await sweeping;
    },
  };
};

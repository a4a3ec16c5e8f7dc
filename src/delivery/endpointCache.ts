import type { Position } from '../../domain/shared/envelope.js';
import type { Services } from '../services.js';
import type { EndpointDoc, EndpointSecretsDoc } from '../../projections/webhookEndpoints.js';
import { webhookEndpointsProjection } from '../../projections/webhookEndpoints.js';

/** More endpoints than this at once, and the cache starts again from empty. */
const MAX_KEPT = 10_000;
/** How long one wait for the read models lasts before the cache waits again. */
const SETTLE_WAIT_MS = 30_000;

/** An endpoint and its secrets, as a dispatcher reads them (none: deleted). */
export type EndpointOf = { endpoint?: EndpointDoc; secrets?: EndpointSecretsDoc };

export type EndpointCache = {
  /** The endpoint and its secrets, as `read` gives them, or as kept since the last read. */
  read: (id: string, read: () => Promise<EndpointOf>) => Promise<EndpointOf>;
  /** An endpoint changed at this position of the log: nothing kept before it holds. */
  changed: (at: Position) => void;
  stop: () => void;
};

type Needs = Pick<Services, 'projector'>;

/**
 * The endpoints a dispatcher starts tries for, kept between its rounds where the read models are
 * a round trip away (the distributed deployment): without it every round reads each endpoint
 * with work, and its secrets, again. The dispatcher hears every change to an endpoint from the
 * log, in order with the deliveries it is told of, and each forgets everything kept; until the
 * read models show that change (the projector has passed it), nothing read is kept. So what is
 * kept is never older than what a read would give, and a delivery planned after a change is sent
 * as the change says. `from`: the log's end when the dispatcher began to listen.
 */
export const endpointCache = (services: Needs, from: Position | undefined): EndpointCache => {
  const kept = new Map<string, EndpointOf>();
  /** Counts the changes heard: a read that overlapped one is not kept. */
  let changes = 0;
  /** The last change heard that the read models may not show yet. */
  let unsettled: Position | undefined = from;
  let stopped = false;

  const settle = async (at: Position) => {
    while (!stopped && unsettled === at) {
      const shown = await services.projector
        .caughtUp(at, SETTLE_WAIT_MS, [webhookEndpointsProjection.name])
        .catch(() => false);
      if (shown && unsettled === at) unsettled = undefined;
    }
  };
  if (from !== undefined) void settle(from);

  return {
    read: async (id, read) => {
      const known = unsettled === undefined ? kept.get(id) : undefined;
      if (known) return known;
      const before = changes;
      const settled = unsettled === undefined;
      const fresh = await read();
      if (settled && unsettled === undefined && changes === before) {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(id, fresh);
      }
      return fresh;
    },
    changed: (at) => {
      changes++;
      kept.clear();
      unsettled = at;
      void settle(at);
    },
    stop: () => {
      stopped = true;
    },
  };
};

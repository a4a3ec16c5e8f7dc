import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  EventStoreDBClient,
} from '@eventstore/db-client';
import { START } from '@eventstore/db-client';
import type { SubscribeOptions } from '../port.js';
import { serverFilter } from './filters.js';
import { toEsdb } from './positions.js';
import type { RetryPolicy, SubscriptionDrops } from './subscriptionDrops.js';
import { RETRY, isFatal, retryDelay } from './subscriptionDrops.js';
import type { State } from './subscriptionState.js';
import { fail } from './subscriptionState.js';

export type ConnectionOptions = SubscriptionDrops & { retry?: RetryPolicy };

/**
 * Subscribes to `$all` from the cursor. When the stream ends, on an error or cleanly (the server
 * closes subscriptions too, on shutting down or losing leadership), it is counted, reported, and
 * opened again from the cursor after a pause that doubles with each drop in a row; an error that
 * would only come again (`isFatal`) ends the subscription instead. A stream that stayed up for
 * the longest pause, or brought anything, starts the doubling over.
 */
export const connection = (
  client: EventStoreDBClient,
  state: State,
  options: SubscribeOptions,
  arrive: (resolved: AllStreamResolvedEvent) => void,
  probe: () => void,
  drops: ConnectionOptions,
) => {
  const policy = drops.retry ?? RETRY;

  const dropped = (opened: AllStreamSubscription, openedAt: number, error: Error | undefined) => {
    if (state.stopped || state.stream !== opened) return;
    // Whatever was queued comes again from the new subscription.
    state.stream = undefined;
    state.queue = [];
    if (error !== undefined && isFatal(error)) return fail(state, error, drops);
    if (performance.now() - openedAt >= policy.maxMs) state.consecutive = 0;
    state.drops++;
    state.consecutive++;
    const retryInMs = retryDelay(state.consecutive, policy);
    drops.onDrop?.(error, { drops: state.drops, consecutive: state.consecutive, retryInMs });
    state.retry = setTimeout(() => {
      state.retry = undefined;
      if (!state.stopped && !state.failure) {
        open();
        probe();
      }
    }, retryInMs);
  };

  const open = () => {
    let opened: AllStreamSubscription;
    try {
      opened = client.subscribeToAll({
        fromPosition: state.cursor === undefined ? START : toEsdb(state.cursor),
        filter: serverFilter(options.filter),
      });
    } catch (error) {
      // The client checks its options before sending anything: they would fail again.
      return fail(state, error, drops);
    }
    const openedAt = performance.now();
    state.stream = opened;
    opened.on('data', (resolved: AllStreamResolvedEvent) => {
      state.consecutive = 0;
      arrive(resolved);
    });
    opened.on('error', (error: Error) => dropped(opened, openedAt, error));
    opened.on('end', () => dropped(opened, openedAt, undefined));
  };
  return open;
};

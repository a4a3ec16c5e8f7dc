import type { AllStreamResolvedEvent, EventStoreDBClient } from '@eventstore/db-client';
import { comparePositions, position } from '../../../domain/shared/envelope.js';
import { matchesFilter } from '../../../domain/shared/eventFilter.js';
import type { SubscribeOptions, Subscription, SubscriptionHandler } from '../port.js';
import type { ConnectionOptions } from './connection.js';
import { connection } from './connection.js';
import { toRecorded } from './envelope.js';
import { isSystem } from './positions.js';
import { skippedBefore } from './skippedBefore.js';
import type { State } from './subscriptionState.js';
import { fail, initialState, wakeLoop } from './subscriptionState.js';

const passed = (state: State, at: bigint) =>
  state.cursor !== undefined && at <= BigInt(state.cursor);

/**
 * Queues each arrival: its event if the filter wants it, else only its position. The stream is
 * paused while the queue is long.
 */
const arrivals =
  (state: State, options: SubscribeOptions, batchSize: number) =>
  (resolved: AllStreamResolvedEvent) => {
    const event = resolved.event;
    if (!event?.position) return;
    const at = event.position.commit;
    if (isSystem(event)) state.queue.push({ at });
    else {
      try {
        const recorded = toRecorded(event);
        state.queue.push(
          matchesFilter(options.filter, recorded) ? { at, event: recorded } : { at },
        );
      } catch (error) {
        state.queue.push({ at, error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
    if (state.queue.length >= 2 * batchSize) state.stream?.pause();
    wakeLoop(state);
  };

/** Resolves the waiters whose positions the cursor has reached. */
const settle = (state: State) => {
  const at = state.cursor;
  if (at === undefined) return;
  const done = state.waiters.filter((w) => comparePositions(w.position, at) <= 0);
  state.waiters = state.waiters.filter((w) => !done.includes(w));
  for (const w of done) w.resolve();
};

/** Passes, through the queue, the events the filter skips between the cursor and the waiters. */
const skippedProbe = (client: EventStoreDBClient, state: State, options: SubscribeOptions) => {
  let probing = false;
  const probe = () => {
    if (
      probing ||
      state.stopped ||
      state.failure ||
      state.waiters.length === 0 ||
      state.queue.length > 0
    )
      return;
    probing = true;
    const from = state.cursor;
    const target = state.waiters.reduce(
      (far, w) => (comparePositions(w.position, far) > 0 ? w.position : far),
      state.waiters[0]!.position,
    );
    skippedBefore(client, from, target, options.filter)
      .then((skipped) => {
        if (skipped !== undefined) {
          state.queue.push({ at: skipped });
          wakeLoop(state);
        }
      })
      .catch(() => {
        // The log could not be read just now: the next arrival or `reached` asks again.
      })
      .finally(() => {
        probing = false;
        // The loop moved on while the log was read: what lies beyond may be skippable too.
        if (state.cursor !== from) probe();
      });
  };
  return probe;
};

/**
 * Hands the queue to the handler in batches, one batch at a time, moving the cursor past each;
 * an arrival that could not be read ends it.
 */
const deliver = async (
  state: State,
  handler: SubscriptionHandler,
  batchSize: number,
  open: () => void,
  probe: () => void,
) => {
  open();
  while (!state.stopped && !state.failure) {
    if (state.queue.length === 0) {
      probe();
      await new Promise<void>((resolve) => (state.wake = resolve));
      continue;
    }
    const batch = state.queue.splice(0, batchSize).filter((item) => !passed(state, item.at));
    if (state.stream?.isPaused() && state.queue.length < batchSize) state.stream.resume();
    if (batch.length === 0) continue;
    const broken = batch.find((item) => item.error)?.error;
    if (broken) throw broken;
    const to = position(batch.reduce((far, item) => (item.at > far ? item.at : far), 0n));
    const events = batch.flatMap((item) => (item.event ? [item.event] : []));
    await handler(events, { scannedTo: to });
    if (state.stopped || state.failure) return;
    state.cursor = to;
    settle(state);
  }
};

/**
 * A catch-up subscription to `$all` with the server-side part of the filter (see `serverFilter`),
 * the rest applied on arrival. Arrivals queue up; one loop hands them to the handler in batches,
 * one batch at a time, and the stream is paused while the queue is long, so a slow handler holds
 * back the server rather than filling memory. A dropped connection resubscribes from the last
 * position handed over, after a growing pause, and is reported (see `connection`); an error that
 * resubscribing would only meet again ends the subscription, and so does a failing handler, as
 * in the embedded store.
 *
 * A server-side filter hides the events it skips, so a subscription cannot see that it went past
 * one. `reached(position)` therefore asks the log what lies between where it stands and the
 * position: the events the filter skips there are passed at once (see `skippedBefore`). The
 * server's own filter checkpoints are not used for this: the client does not say whether one
 * names the last record scanned or the next one, and taking the next for the last would skip an
 * event on resuming.
 */
export const esdbSubscription = (
  client: EventStoreDBClient,
  options: SubscribeOptions,
  handler: SubscriptionHandler,
  drops: ConnectionOptions = {},
): Subscription => {
  const batchSize = options.batchSize ?? 500;
  const state = initialState(options.after);
  const probe = skippedProbe(client, state, options);
  const arrive = arrivals(state, options, batchSize);
  const open = connection(client, state, options, arrive, probe, drops);

  const running = deliver(state, handler, batchSize, open, probe)
    .catch((error: unknown) => fail(state, error, drops))
    .finally(() => {
      clearTimeout(state.retry);
      return state.stream?.unsubscribe();
    });

  return {
    at: () => state.cursor,
    stop: async () => {
      state.stopped = true;
      clearTimeout(state.retry);
      wakeLoop(state);
      await running;
    },
    reached: (target) =>
      new Promise<void>((resolve, reject) => {
        if (state.failure !== undefined) return reject(state.failure);
        if (state.cursor !== undefined && comparePositions(target, state.cursor) <= 0)
          return resolve();
        state.waiters.push({ position: target, resolve, reject });
        probe();
      }),
  };
};

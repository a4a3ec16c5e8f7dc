import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  EventStoreDBClient,
} from '@eventstore/db-client';
import { START } from '@eventstore/db-client';
import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { comparePositions, position } from '../../../domain/shared/envelope.js';
import { matchesFilter } from '../../../domain/shared/eventFilter.js';
import type { SubscribeOptions, Subscription, SubscriptionHandler } from '../port.js';
import { toRecorded } from './envelope.js';
import { serverFilter } from './filters.js';
import { isSystem, toEsdb } from './positions.js';
import { skippedBefore } from './skippedBefore.js';

/**
 * A place the subscription has passed: an event it wants, or only a position it went by; or an
 * arrival it could not read, which ends the subscription in its turn.
 */
type Item = { at: bigint; event?: RecordedEvent; error?: Error };

const RESUBSCRIBE_AFTER_MS = 1000;

/**
 * A catch-up subscription to `$all` with the server-side part of the filter (see `serverFilter`),
 * the rest applied on arrival. Arrivals queue up; one loop hands them to the handler in batches,
 * one batch at a time, and the stream is paused while the queue is long, so a slow handler holds
 * back the server rather than filling memory. A dropped connection resubscribes from the last
 * position handed over. A failing handler ends the subscription, as the embedded one does.
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
): Subscription => {
  const batchSize = options.batchSize ?? 500;
  let cursor: Position | undefined = options.after;
  let queue: Item[] = [];
  let stopped = false;
  let failure: Error | undefined;
  let waiters: Array<{ position: Position; resolve: () => void; reject: (e: Error) => void }> = [];
  let wake: (() => void) | undefined;
  let stream: AllStreamSubscription | undefined;
  let probing = false;

  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const passed = (at: bigint) => cursor !== undefined && at <= BigInt(cursor);

  const arrive = (resolved: AllStreamResolvedEvent) => {
    const event = resolved.event;
    if (!event?.position) return;
    const at = event.position.commit;
    if (isSystem(event)) queue.push({ at });
    else {
      try {
        const recorded = toRecorded(event);
        queue.push(matchesFilter(options.filter, recorded) ? { at, event: recorded } : { at });
      } catch (error) {
        queue.push({ at, error: error instanceof Error ? error : new Error(String(error)) });
      }
    }
    if (queue.length >= 2 * batchSize) stream?.pause();
    notify();
  };

  const open = () => {
    const opened = client.subscribeToAll({
      fromPosition: cursor === undefined ? START : toEsdb(cursor),
      filter: serverFilter(options.filter),
    });
    stream = opened;
    opened.on('data', arrive);
    opened.on('error', () => {
      if (stopped || stream !== opened) return;
      // Whatever was queued comes again from the new subscription.
      stream = undefined;
      queue = [];
      setTimeout(() => {
        if (!stopped && !failure) {
          open();
          probe();
        }
      }, RESUBSCRIBE_AFTER_MS);
    });
  };

  const settle = () => {
    const at = cursor;
    if (at === undefined) return;
    const done = waiters.filter((w) => comparePositions(w.position, at) <= 0);
    waiters = waiters.filter((w) => !done.includes(w));
    for (const w of done) w.resolve();
  };

  /** Passes, through the queue, the events the filter skips between the cursor and the waiters. */
  const probe = () => {
    if (probing || stopped || failure || waiters.length === 0 || queue.length > 0) return;
    probing = true;
    const from = cursor;
    const target = waiters.reduce(
      (far, w) => (comparePositions(w.position, far) > 0 ? w.position : far),
      waiters[0]!.position,
    );
    skippedBefore(client, from, target, options.filter)
      .then((skipped) => {
        if (skipped !== undefined) {
          queue.push({ at: skipped });
          notify();
        }
      })
      .catch(() => {
        // The log could not be read just now: the next arrival or `reached` asks again.
      })
      .finally(() => {
        probing = false;
        // The loop moved on while the log was read: what lies beyond may be skippable too.
        if (cursor !== from) probe();
      });
  };

  const run = async () => {
    open();
    while (!stopped) {
      if (queue.length === 0) {
        probe();
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const batch = queue.splice(0, batchSize).filter((item) => !passed(item.at));
      if (stream?.isPaused() && queue.length < batchSize) stream.resume();
      if (batch.length === 0) continue;
      const broken = batch.find((item) => item.error)?.error;
      if (broken) throw broken;
      const to = position(batch.reduce((far, item) => (item.at > far ? item.at : far), 0n));
      const events = batch.flatMap((item) => (item.event ? [item.event] : []));
      await handler(events, { scannedTo: to });
      if (stopped) return;
      cursor = to;
      settle();
    }
  };

  const running = run()
    .catch((error: unknown) => {
      failure = error instanceof Error ? error : new Error(String(error));
      for (const w of waiters) w.reject(failure);
      waiters = [];
    })
    .finally(() => stream?.unsubscribe());

  return {
    at: () => cursor,
    stop: async () => {
      stopped = true;
      notify();
      await running;
    },
    reached: (target) =>
      new Promise<void>((resolve, reject) => {
        if (failure !== undefined) return reject(failure);
        if (cursor !== undefined && comparePositions(target, cursor) <= 0) return resolve();
        waiters.push({ position: target, resolve, reject });
        probe();
      }),
  };
};

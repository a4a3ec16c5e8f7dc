import { isRight, right } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { EventFeed } from '../../adapters/transport/port.js';
import type { DataKeys } from './dataKeys.js';
import { openEvents, sealEvents } from './sealedEvents.js';

/**
 * The log as the service's code sees it: payloads are sealed on their way in (unless `seal` is
 * off) and opened on their way out, so that no code above it handles a sealed payload, and none
 * below it (the store, its files, a copy of them, the read models that copy events) holds one in
 * clear. Appends answer with the events as given, not as sealed.
 */
export const sealingEventStore = (
  store: EventStore,
  keys: DataKeys,
  options: { seal: boolean; now: () => Date },
): EventStore => ({
  ...store,
  append: async (stream, events, expected) => {
    const stored = options.seal ? await sealEvents(keys, stream, events, options.now()) : events;
    const result = await store.append(stream, stored, expected);
    if (!isRight(result) || stored === events) return result;
    return right({
      ...result.right,
      events: result.right.events.map((recorded, i) => ({ ...recorded, data: events[i]!.data })),
    });
  },
  readStream: async (stream, range) => openEvents(keys, await store.readStream(stream, range)),
  readAll: async (options) => {
    const page = await store.readAll(options);
    return { ...page, events: await openEvents(keys, page.events) };
  },
  subscribe: (options, handler) =>
    store.subscribe(options, async (events, progress) =>
      handler(await openEvents(keys, events), progress),
    ),
});

/** A feed whose workers get the events' payloads opened (the feed, like the log, carries them sealed). */
export const openingFeed = (feed: EventFeed, keys: DataKeys): EventFeed => ({
  consume: (group, filter, handler, options) =>
    feed.consume(group, filter, async (events) => handler(await openEvents(keys, events)), options),
});

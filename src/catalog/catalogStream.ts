import type { EventStore } from '../../adapters/eventstore/port.js';
import { isPlatformTypeName } from '../../domain/catalog/eventCatalog.js';
import type { CatalogState, EventTypeEvent } from '../../domain/catalog/eventTypeDecider.js';
import { EVENT_TYPES_STREAM, eventTypeDecider } from '../../domain/catalog/eventTypeDecider.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { KnownStream } from '../commands/handleCommand.js';

export type CatalogOptions = {
  /** How old what this process knows of the catalog may be before it reads on (1 s). */
  refreshMs?: number;
  /** Milliseconds of a monotonic clock. */
  clock?: () => number;
};

/** The catalog's stream as this process follows it: folded in memory, read forward when needed. */
export type FollowedCatalog = {
  /** The catalog, read on when stale or when it lacks one of `names` a platform type could have. */
  current: (names?: readonly string[]) => Promise<CatalogState>;
  /** Reads on at once, from a read started now: for a decision that must see the latest. */
  readNow: () => Promise<KnownStream<CatalogState>>;
  /** Takes what this process appended: the stream as it stood after its append. */
  learn: (after: KnownStream<CatalogState>) => void;
};

export const followCatalog = (
  eventStore: Pick<EventStore, 'readStream'>,
  options: CatalogOptions = {},
): FollowedCatalog => {
  const refreshMs = options.refreshMs ?? 1000;
  const clock = options.clock ?? (() => performance.now());
  let known: KnownStream<CatalogState> = { state: eventTypeDecider.initialState(), revision: -1 };
  let readAt = -Infinity;
  let reading: Promise<void> | undefined;

  /** Folds events past the last revision seen, in order; a gap waits for the next read. */
  const absorb = (events: readonly RecordedEvent[]) => {
    for (const event of events) {
      if (event.revision !== known.revision + 1) continue;
      known = {
        state: eventTypeDecider.evolve(known.state, event as RecordedEvent<EventTypeEvent>),
        revision: event.revision,
      };
    }
  };

  /** Reads the stream forward, once however many ask at the same time. */
  const readForward = (): Promise<void> => {
    reading ??= (async () => {
      const startedAt = clock();
      try {
        const events = await eventStore.readStream(EVENT_TYPES_STREAM, {
          fromRevision: known.revision + 1,
        });
        absorb(events);
        readAt = startedAt;
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  };

  /** A read that starts now: one under way may have begun before what the caller looks for. */
  const freshRead = async (): Promise<void> => {
    if (reading) await reading.catch(() => undefined);
    await readForward();
  };

  return {
    current: async (names = []) => {
      const lacking = names.some(
        (name) => isPlatformTypeName(name) && !known.state.changed.has(name),
      );
      if (lacking) await freshRead();
      else if (clock() - readAt >= refreshMs) await readForward();
      return known.state;
    },
    readNow: async () => {
      await freshRead();
      return known;
    },
    learn: (after) => {
      if (after.revision > known.revision) known = after;
    },
  };
};

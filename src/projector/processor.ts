import type { FeedConsumer } from '../../adapters/transport/port.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { Services } from '../services.js';

const RETRY_AFTER_MS = 1000;

type ProcessorServices = Pick<Services, 'feed' | 'logger'>;

/** A batch left unfinished because the processor is stopping: it is handed out again later. */
class Stopping extends Error {}

/**
 * A processor: a worker that reacts to events by appending others, taking them from the feed in
 * order, one event at a time. Its reaction must be idempotent: after a crash it repeats the events
 * after the last progress its group kept. An event it cannot handle now is tried again (the log is
 * the queue), and nothing after it is handled meanwhile.
 */
export const startProcessor = (
  services: ProcessorServices,
  name: string,
  filter: EventFilter,
  handle: (event: RecordedEvent) => Promise<void>,
): Promise<FeedConsumer> =>
  run(services, name, filter, async (events, retrying) => {
    for (const event of events) await retrying([event], () => handle(event));
  });

/**
 * A processor that takes each batch the feed hands it as a whole, so that it may handle its events
 * together (their appends then share a commit). A batch that fails is tried again as a whole: its
 * reaction must be idempotent for every event of it, and must not depend on their order.
 */
export const startBatchProcessor = (
  services: ProcessorServices,
  name: string,
  filter: EventFilter,
  handle: (events: readonly RecordedEvent[]) => Promise<void>,
): Promise<FeedConsumer> =>
  run(services, name, filter, (events, retrying) => retrying(events, () => handle(events)));

type Retrying = (events: readonly RecordedEvent[], task: () => Promise<void>) => Promise<void>;

const run = async (
  services: ProcessorServices,
  name: string,
  filter: EventFilter,
  handle: (events: readonly RecordedEvent[], retrying: Retrying) => Promise<void>,
): Promise<FeedConsumer> => {
  let stopped = false;
  const retrying: Retrying = async (events, task) => {
    for (;;) {
      if (stopped) throw new Stopping(`${name} is stopping`);
      try {
        await task();
        return;
      } catch (err) {
        services.logger.error(
          { err, event_id: events[0]?.id, events: events.length, processor: name },
          'an event could not be handled; retrying',
        );
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
      }
    }
  };
  const consumer = await services.feed.consume(name, filter, (events) => handle(events, retrying));
  return {
    stop: async () => {
      stopped = true;
      await consumer.stop();
    },
  };
};

import type { Subscription } from '../../adapters/eventstore/port.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { Services } from '../services.js';
import { processorCheckpoint } from './processorCheckpoint.js';

const RETRY_AFTER_MS = 1000;

type ProcessorServices = Pick<Services, 'eventStore' | 'readStore' | 'logger'>;

/**
 * A processor: a subscriber that reacts to events by appending others, from its checkpoint, one
 * event at a time and in order. Its reaction must be idempotent: after a crash it repeats the
 * events after its last saved checkpoint. An event it cannot handle now is tried again (the log is
 * the queue), and nothing after it is handled meanwhile.
 */
export const startProcessor = (
  services: ProcessorServices,
  name: string,
  filter: EventFilter,
  handle: (event: RecordedEvent) => Promise<void>,
): Promise<Pick<Subscription, 'stop'>> =>
  run(services, name, filter, async (events, retrying) => {
    for (const event of events) await retrying([event], () => handle(event));
  });

/**
 * A processor that takes each batch the log hands it as a whole, so that it may handle its events
 * together (their appends then share a commit). A batch that fails is tried again as a whole: its
 * reaction must be idempotent for every event of it, and must not depend on their order.
 */
export const startBatchProcessor = (
  services: ProcessorServices,
  name: string,
  filter: EventFilter,
  handle: (events: readonly RecordedEvent[]) => Promise<void>,
): Promise<Pick<Subscription, 'stop'>> =>
  run(services, name, filter, (events, retrying) => retrying(events, () => handle(events)));

type Retrying = (events: readonly RecordedEvent[], task: () => Promise<void>) => Promise<void>;

const run = async (
  services: ProcessorServices,
  name: string,
  filter: EventFilter,
  handle: (events: readonly RecordedEvent[], retrying: Retrying) => Promise<void>,
): Promise<Pick<Subscription, 'stop'>> => {
  const checkpoint = await processorCheckpoint(services.readStore, name);
  const after = await checkpoint.load();
  let stopped = false;
  const retrying: Retrying = async (events, task) => {
    while (!stopped) {
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
  const subscription = services.eventStore.subscribe(
    { ...(after && { after }), filter },
    async (events, progress) => {
      await handle(events, retrying);
      if (!stopped) await checkpoint.save(progress.scannedTo);
    },
  );
  return {
    stop: async () => {
      stopped = true;
      await subscription.stop();
      await checkpoint.flush();
    },
  };
};

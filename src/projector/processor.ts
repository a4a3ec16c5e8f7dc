import type { Subscription } from '../../adapters/eventstore/port.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { Services } from '../services.js';
import { processorCheckpoint } from './processorCheckpoint.js';

const RETRY_AFTER_MS = 1000;

/**
 * A processor: a subscriber that reacts to events by appending others, from its checkpoint, one
 * event at a time and in order. Its reaction must be idempotent: after a crash it repeats the
 * events after its last saved checkpoint. An event it cannot handle now is tried again (the log is
 * the queue), and nothing after it is handled meanwhile.
 */
export const startProcessor = async (
  services: Pick<Services, 'eventStore' | 'readStore' | 'logger'>,
  name: string,
  filter: EventFilter,
  handle: (event: RecordedEvent) => Promise<void>,
): Promise<Pick<Subscription, 'stop'>> => {
  const checkpoint = await processorCheckpoint(services.readStore, name);
  const after = await checkpoint.load();
  let stopped = false;
  const subscription = services.eventStore.subscribe(
    { ...(after && { after }), filter },
    async (events, progress) => {
      for (const event of events) {
        while (!stopped) {
          try {
            await handle(event);
            break;
          } catch (err) {
            services.logger.error(
              { err, event_id: event.id, processor: name },
              'an event could not be handled; retrying',
            );
            await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
          }
        }
      }
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

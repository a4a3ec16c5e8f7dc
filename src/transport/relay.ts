import type { EventTopic, FeedConsumer } from '../../adapters/transport/port.js';
import { processorCheckpoint } from '../projector/processorCheckpoint.js';
import type { Services } from '../services.js';
import { eventKey } from './eventKey.js';

export const RELAY = 'event_relay';
const RETRY_AFTER_MS = 1000;

/**
 * The distributed mode's relay: follows the whole log from its checkpoint and writes each event
 * to the topic under its key, moving the checkpoint only once the broker has stored the batch. A
 * crash repeats at most the last unsaved stretch: the workers downstream take an event twice
 * harmlessly. While the broker is unreachable the relay waits and tries the same batch again.
 */
export const startRelay = async (
  services: Pick<Services, 'eventStore' | 'readStore' | 'logger'>,
  topic: EventTopic,
): Promise<FeedConsumer> => {
  const checkpoint = await processorCheckpoint(services.readStore, RELAY);
  const after = await checkpoint.load();
  let stopped = false;
  const subscription = services.eventStore.subscribe(
    { ...(after && { after }), batchSize: 500 },
    async (events, progress) => {
      const messages = events.map((event) => ({ key: eventKey(event), event }));
      for (;;) {
        if (stopped) throw new Error('the relay is stopping');
        try {
          await topic.publish(messages);
          break;
        } catch (err) {
          services.logger.error({ err, events: events.length }, 'the relay could not publish');
          await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
        }
      }
      await checkpoint.save(progress.scannedTo);
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

import type { EventTopic, FeedConsumer } from '../../adapters/transport/port.js';
import { keptCheckpoint } from '../processing/keptCheckpoint.js';
import { runOnLog } from '../processing/processor.js';
import type { Services } from '../services.js';
import { eventKey } from './eventKey.js';

export const RELAY = 'event_relay';

/**
 * The distributed mode's relay: follows the whole log from its checkpoint and writes each event
 * to the topic under its key, moving the checkpoint only once the broker has stored the batch. A
 * crash repeats at most the last unsaved stretch: the workers downstream take an event twice
 * harmlessly. While the broker is unreachable the relay tries the same batch again.
 */
export const startRelay = async (
  services: Pick<Services, 'sealedLog' | 'readStore' | 'logger'>,
  topic: EventTopic,
): Promise<FeedConsumer> =>
  runOnLog(
    services.sealedLog,
    {
      name: RELAY,
      batchSize: 500,
      handle: (events) => topic.publish(events.map((event) => ({ key: eventKey(event), event }))),
    },
    { kind: 'kept', checkpoint: await keptCheckpoint(services.readStore, RELAY) },
    services,
  );

import { randomUUID } from 'node:crypto';
import { kafkaTransport } from '../../../adapters/transport/kafka/kafkaTransport.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import { newEvent } from '../../support/events.js';
import { skipSuite } from '../../support/skipSuite.js';
import { eventFeedContract } from './eventFeed.contract.js';

const brokers = process.env.KAFKA_BROKERS;

if (brokers === undefined || brokers === '') {
  skipSuite(
    'Kafka transport contract suite',
    'KAFKA_BROKERS is not set (docker compose up -d kafka, then KAFKA_BROKERS=localhost:9092)',
  );
} else {
  eventFeedContract('Kafka', () => {
    // A topic and groups of this run's own on a shared broker.
    const run = randomUUID().slice(0, 8);
    const transport = kafkaTransport({
      brokers: brokers.split(','),
      topic: `sluice.test.${run}`,
      partitions: 3,
      clientId: `sluice-test-${run}`,
      log: () => undefined,
    });
    let next = 0;
    const revisions = new Map<string, number>();
    return Promise.resolve({
      feed: transport.feed,
      // What the relay does: each event of the log under its stream's key.
      append: async (stream, types) => {
        const events: RecordedEvent[] = types.map((type) => {
          const revision = (revisions.get(stream) ?? -1) + 1;
          revisions.set(stream, revision);
          return {
            ...newEvent(type),
            stream,
            revision,
            position: position(++next),
            recorded_at: new Date().toISOString(),
          };
        });
        await transport.topic.publish(events.map((event) => ({ key: stream, event })));
      },
      group: (name) => `${name}.${run}`,
      close: () => transport.close(),
    });
  });
}

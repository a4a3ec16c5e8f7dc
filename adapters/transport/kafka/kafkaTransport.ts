import { Kafka, logLevel } from 'kafkajs';
import type { EventFeed, EventTopic, FeedConsumer } from '../port.js';
import { kafkaFeed } from './kafkaFeed.js';
import type { KafkaTransportOptions } from './options.js';
import { kafkaTopic } from './publisher.js';
import { topicCreation } from './topicSetup.js';

export type { KafkaTransportOptions } from './options.js';

const LEVELS = {
  [logLevel.NOTHING]: 'debug',
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
} as const;

export type KafkaTransport = { feed: EventFeed; topic: EventTopic; close: () => Promise<void> };

/** The client, its own messages sent to the service's logger. */
const kafkaClient = (options: KafkaTransportOptions): Kafka =>
  new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: logLevel.WARN,
    logCreator: () => (entry) =>
      options.log(LEVELS[entry.level], entry.log.message, {
        namespace: entry.namespace,
        broker: String(entry.log.broker ?? ''),
      }),
  });

/**
 * The distributed mode's transport: one topic holding the log as the relay wrote it, keyed so
 * that a key's events share a partition and keep their order. A group of workers is a consumer
 * group; a batch's offsets are committed only once its handler has returned, so after a crash its
 * events are handed out again (at least once).
 */
export const kafkaTransport = (options: KafkaTransportOptions): KafkaTransport => {
  const kafka = kafkaClient(options);
  const admin = () => kafka.admin();
  const ensureTopic = topicCreation(admin, options);
  const running = new Set<FeedConsumer>();
  const feed = kafkaFeed(
    { admin, consumer: (config) => kafka.consumer(config) },
    options,
    ensureTopic,
    running,
  );
  const topic = kafkaTopic((config) => kafka.producer(config), options, ensureTopic);

  return {
    feed,
    topic,
    close: async () => {
      await Promise.all([...running].map((member) => member.stop()));
      await topic.close();
    },
  };
};

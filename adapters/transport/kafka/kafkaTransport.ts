import type { Consumer, EachBatchHandler, Producer } from 'kafkajs';
import { Kafka, logLevel } from 'kafkajs';
import type { EventFilter } from '../../../domain/shared/eventFilter.js';
import { matchesFilter } from '../../../domain/shared/eventFilter.js';
import type { EventFeed, EventTopic, FeedConsumer, FeedHandler } from '../port.js';
import { fromMessage, toMessage } from './messages.js';

export type KafkaTransportOptions = {
  brokers: readonly string[];
  /** The topic the relay writes the log to, created on first use with this many partitions. */
  topic: string;
  partitions: number;
  clientId: string;
  /** Where the client's own messages go (the service's logger). */
  log: (level: 'error' | 'warn' | 'info' | 'debug', message: string, extra: object) => void;
};

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

/** Creates the topic on first use; every later call waits for that one creation. */
const topicCreation = (kafka: Kafka, options: KafkaTransportOptions): (() => Promise<void>) => {
  let topicReady: Promise<void> | undefined;
  return () => {
    topicReady ??= (async () => {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await admin.createTopics({
          waitForLeaders: true,
          topics: [{ topic: options.topic, numPartitions: options.partitions }],
        });
      } finally {
        await admin.disconnect();
      }
    })();
    return topicReady;
  };
};

/** The producer side: the relay's messages, sent through one producer connected on first use. */
const kafkaTopic = (
  kafka: Kafka,
  options: KafkaTransportOptions,
  ensureTopic: () => Promise<void>,
): EventTopic => {
  let producer: Promise<Producer> | undefined;
  const connectedProducer = () => {
    producer ??= (async () => {
      await ensureTopic();
      // Idempotent: a send the client retries is stored once; one request in flight keeps order.
      const made = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await made.connect();
      return made;
    })();
    return producer;
  };

  return {
    publish: async (messages) => {
      if (messages.length === 0) return;
      await (
        await connectedProducer()
      ).send({
        topic: options.topic,
        acks: -1,
        messages: messages.map(({ key, event }) => toMessage(key, event)),
      });
    },
    close: async () => {
      if (producer) await (await producer).disconnect();
    },
  };
};

/**
 * One batch of a partition: its events that pass the filter go to the handler, and only once the
 * handler has returned is the group's offset committed past the batch.
 */
const batchHandler =
  (consumer: Consumer, filter: EventFilter, handler: FeedHandler): EachBatchHandler =>
  async (payload) => {
    const { batch } = payload;
    if (!payload.isRunning() || payload.isStale() || batch.messages.length === 0) return;
    const events = batch.messages.map(fromMessage).filter((event) => matchesFilter(filter, event));
    if (events.length > 0) await handler(events);
    const last = batch.messages[batch.messages.length - 1]!.offset;
    payload.resolveOffset(last);
    // The committed offset is the next message to read.
    await consumer.commitOffsets([
      {
        topic: batch.topic,
        partition: batch.partition,
        offset: (BigInt(last) + 1n).toString(),
      },
    ]);
    await payload.heartbeat();
  };

/** The consumer side: a consumer per group that consumes, kept in `consumers` until it stops. */
const kafkaFeed = (
  kafka: Kafka,
  options: KafkaTransportOptions,
  ensureTopic: () => Promise<void>,
  consumers: Set<Consumer>,
): EventFeed => ({
  consume: async (group, filter, handler, consumeOptions = {}): Promise<FeedConsumer> => {
    await ensureTopic();
    // A group is the topic's: deployments sharing a broker keep their progress apart.
    const consumer = kafka.consumer({ groupId: `${options.topic}.${group}` });
    consumers.add(consumer);
    await consumer.connect();
    await consumer.subscribe({
      topics: [options.topic],
      fromBeginning: consumeOptions.firstFrom !== 'end',
    });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: batchHandler(consumer, filter, handler),
    });
    return {
      stop: async () => {
        consumers.delete(consumer);
        await consumer.disconnect();
      },
    };
  },
});

/**
 * The distributed mode's transport: one topic holding the log as the relay wrote it, keyed so
 * that a key's events share a partition and keep their order. A group of workers is a consumer
 * group; a batch's offsets are committed only once its handler has returned, so after a crash its
 * events are handed out again (at least once).
 */
export const kafkaTransport = (options: KafkaTransportOptions): KafkaTransport => {
  const kafka = kafkaClient(options);
  const ensureTopic = topicCreation(kafka, options);
  const consumers = new Set<Consumer>();
  const feed = kafkaFeed(kafka, options, ensureTopic, consumers);
  const topic = kafkaTopic(kafka, options, ensureTopic);

  return {
    feed,
    topic,
    close: async () => {
      await Promise.all([...consumers].map((consumer) => consumer.disconnect()));
      consumers.clear();
      await topic.close();
    },
  };
};

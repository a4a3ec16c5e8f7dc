import type { Consumer, ConsumerConfig } from 'kafkajs';
import type { EventFeed, FeedConsumer } from '../port.js';
import type { BatchTiming, Outcome } from './batchHandler.js';
import { BATCH_TIMING, batchHandler } from './batchHandler.js';
import { startGroupAtEnd } from './groupStart.js';
import type { KafkaTransportOptions } from './options.js';
import type { AdminClient } from './topicSetup.js';

/** What this transport asks of a consumer. */
export type ConsumerClient = Pick<
  Consumer,
  'connect' | 'disconnect' | 'subscribe' | 'run' | 'on' | 'events'
>;

export type FeedClients = {
  admin: () => AdminClient;
  consumer: (config: ConsumerConfig) => ConsumerClient;
};

/**
 * Reports a consumer the client gave up on. It restarts a consumer after an error it can retry;
 * after any other (a handler's TypeError, an authorization refused, retries of a rejoin run out)
 * the consumer stays disconnected and its partitions go to the rest of its group, so the process
 * is told, to end rather than run on without its worker.
 */
const watchCrashes = (
  consumer: ConsumerClient,
  groupId: string,
  options: Pick<KafkaTransportOptions, 'log' | 'onFatal'>,
  gone: () => void,
) => {
  consumer.on(consumer.events.CRASH, ({ payload: { error, restart } }) => {
    if (restart) {
      options.log('warn', 'a consumer crashed; the client restarts it', {
        groupId,
        error: String(error),
      });
      return;
    }
    gone();
    options.log('error', 'a consumer crashed and will not restart', {
      groupId,
      error: String(error),
    });
    options.onFatal?.(error);
  });
};

/**
 * The consumer side: a consumer per group that consumes, kept in `running` until it stops (for
 * the transport's close). A group is the topic's: deployments sharing a broker keep their
 * progress apart.
 */
export const kafkaFeed = (
  clients: FeedClients,
  options: Pick<KafkaTransportOptions, 'topic' | 'log' | 'onFatal'>,
  ensureTopic: () => Promise<void>,
  running: Set<FeedConsumer>,
  timing: BatchTiming = BATCH_TIMING,
): EventFeed => ({
  consume: async (group, filter, handler, consumeOptions = {}): Promise<FeedConsumer> => {
    await ensureTopic();
    const groupId = `${options.topic}.${group}`;
    const fromEnd = consumeOptions.firstFrom === 'end';
    if (fromEnd) await startGroupAtEnd(clients.admin(), groupId, options.topic, options.log);
    const consumer = clients.consumer({ groupId });
    const abandoned = new Map<string, Promise<Outcome>>();
    const member: FeedConsumer = {
      stop: async () => {
        running.delete(member);
        await consumer.disconnect();
        await Promise.all(abandoned.values());
      },
    };
    running.add(member);
    watchCrashes(consumer, groupId, options, () => running.delete(member));
    try {
      await consumer.connect();
      // Where a partition without a committed offset starts; a new group starting at the end
      // has them all committed by now.
      await consumer.subscribe({ topics: [options.topic], fromBeginning: !fromEnd });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: batchHandler({ filter, handler, log: options.log, timing, abandoned }),
      });
    } catch (error) {
      await member.stop().catch(() => undefined);
      throw error;
    }
    return member;
  },
});

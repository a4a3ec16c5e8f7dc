import { expect } from 'chai';
import type { EachBatchPayload, KafkaMessage } from 'kafkajs';
import kafkajs from 'kafkajs';
import type { Outcome } from '../../../adapters/transport/kafka/batchHandler.js';
import { batchHandler } from '../../../adapters/transport/kafka/batchHandler.js';
import type { ConsumerClient } from '../../../adapters/transport/kafka/kafkaFeed.js';
import { kafkaFeed } from '../../../adapters/transport/kafka/kafkaFeed.js';
import { toMessage } from '../../../adapters/transport/kafka/messages.js';
import type { AdminClient } from '../../../adapters/transport/kafka/topicSetup.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { FeedConsumer } from '../../../adapters/transport/port.js';
import { newEvent } from '../../support/events.js';

// The client is CommonJS: its error classes are found on its default export only.
const { KafkaJSNonRetriableError, KafkaJSProtocolError } = kafkajs;

const brokerError = (type: string) =>
  new KafkaJSProtocolError(Object.assign(new Error(type), { type, code: 0, retriable: false }));

const timing = { heartbeatEveryMs: 10, firstRetryMs: 10, mostRetryMs: 40 };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const messageAt = (offset: number): KafkaMessage => {
  const event: RecordedEvent = {
    ...newEvent('order.created'),
    stream: `order-${offset}`,
    revision: 0,
    position: position(offset + 1),
    recorded_at: new Date().toISOString(),
  };
  const { key, value } = toMessage(event.stream, event);
  return {
    key: Buffer.from(key),
    value: Buffer.from(value),
    offset: String(offset),
    timestamp: '0',
    attributes: 0,
    headers: {},
  };
};

/** Stands for the client's side of one batch: what the handler does to it is recorded. */
const fakeBatch = (offsets: number[]) => {
  const seen = {
    heartbeats: 0,
    resolved: [] as string[],
    commits: [] as string[],
    running: true,
    heartbeat: (): Promise<void> => Promise.resolve(),
    commit: (): Promise<void> => Promise.resolve(),
  };
  const messages = offsets.map(messageAt);
  const payload = {
    batch: { topic: 't', partition: 0, messages, firstOffset: () => messages[0]?.offset ?? null },
    resolveOffset: (offset: string) => seen.resolved.push(offset),
    heartbeat: () => {
      seen.heartbeats++;
      return seen.heartbeat();
    },
    commitOffsetsIfNecessary: async (offsets: {
      topics: Array<{ partitions: Array<{ offset: string }> }>;
    }) => {
      await seen.commit();
      seen.commits.push(offsets.topics[0]!.partitions[0]!.offset);
    },
    isRunning: () => seen.running,
    isStale: () => false,
  } as unknown as EachBatchPayload;
  return { payload, seen };
};

const deps = (handler: (events: readonly RecordedEvent[]) => Promise<void>) => ({
  filter: {},
  handler,
  log: () => undefined,
  timing,
  abandoned: new Map<string, Promise<Outcome>>(),
});

describe('Kafka transport: a batch on a member', () => {
  it('heartbeats while its handler is busy, then commits past the batch', async () => {
    const { payload, seen } = fakeBatch([4, 5, 6]);
    await batchHandler(deps(() => sleep(120)))(payload);
    expect(seen.heartbeats).to.be.at.least(5);
    expect(seen.resolved).to.deep.equal(['6']);
    expect(seen.commits).to.deep.equal(['7']);
  });

  it('tries a failed batch again after a pause, heartbeating, until it passes', async () => {
    const { payload, seen } = fakeBatch([0]);
    let calls = 0;
    await batchHandler(
      deps(() => (++calls < 4 ? Promise.reject(new Error('store down')) : Promise.resolve())),
    )(payload);
    expect(calls).to.equal(4);
    expect(seen.heartbeats).to.be.at.least(3);
    expect(seen.commits).to.deep.equal(['1']);
  });

  it('leaves a failed batch unfinished once its consumer stops', async () => {
    const { payload, seen } = fakeBatch([0]);
    await batchHandler(
      deps(() => {
        seen.running = false;
        return Promise.reject(new Error('stopping'));
      }),
    )(payload);
    expect(seen.resolved).to.deep.equal([]);
    expect(seen.commits).to.deep.equal([]);
  });

  it('lets its member rejoin a rebalancing group, and runs no second attempt meanwhile', async () => {
    const first = fakeBatch([0]);
    first.seen.heartbeat = () => Promise.reject(brokerError('REBALANCE_IN_PROGRESS'));
    let release = () => {};
    const running: string[] = [];
    const d = deps(() => {
      running.push('start');
      return new Promise<void>((resolve) => {
        release = () => {
          running.push('end');
          resolve();
        };
      });
    });
    let thrown: unknown;
    await batchHandler(d)(first.payload).catch((error: unknown) => (thrown = error));
    // The client's loop rejoins on the broker's own error, read from its `type`.
    expect((thrown as { type?: string }).type).to.equal('REBALANCE_IN_PROGRESS');
    expect(first.seen.commits).to.deep.equal([]);

    const again = fakeBatch([0]);
    const handling = batchHandler(d)(again.payload);
    await sleep(50);
    expect(running).to.deep.equal(['start']);
    release();
    await sleep(20);
    release();
    await handling;
    expect(running).to.deep.equal(['start', 'end', 'start', 'end']);
    expect(again.seen.commits).to.deep.equal(['1']);
  });

  it('hands the client the broker’s refusal of a fenced commit, to rejoin rather than crash', async () => {
    const { payload, seen } = fakeBatch([0]);
    // The client's retrier wraps the broker's error, keeping it as the cause.
    seen.commit = () => {
      const inner = brokerError('ILLEGAL_GENERATION');
      return Promise.reject(Object.assign(new KafkaJSNonRetriableError(inner), { cause: inner }));
    };
    let thrown: unknown;
    await batchHandler(deps(() => Promise.resolve()))(payload).catch(
      (error: unknown) => (thrown = error),
    );
    expect((thrown as { type?: string }).type).to.equal('ILLEGAL_GENERATION');
  });
});

describe('Kafka transport: a consumer the client gives up on', () => {
  const crashingConsumer = () => {
    let crash: (event: { payload: { error: Error; restart: boolean } }) => void = () => {};
    const consumer = {
      events: { CRASH: 'consumer.crash' },
      on: (_name: string, listener: typeof crash) => {
        crash = listener;
        return () => undefined;
      },
      connect: () => Promise.resolve(),
      disconnect: () => Promise.resolve(),
      subscribe: () => Promise.resolve(),
      run: () => Promise.resolve(),
    } as unknown as ConsumerClient;
    return {
      consumer,
      crash: (error: Error, restart: boolean) => crash({ payload: { error, restart } }),
    };
  };

  it('is reported as fatal, and one the client restarts is not', async () => {
    const { consumer, crash } = crashingConsumer();
    const fatal: Error[] = [];
    const running = new Set<FeedConsumer>();
    const feed = kafkaFeed(
      { admin: () => ({}) as AdminClient, consumer: () => consumer },
      { topic: 't', log: () => undefined, onFatal: (error) => fatal.push(error) },
      () => Promise.resolve(),
      running,
    );
    await feed.consume('planner', {}, () => Promise.resolve());
    expect(running.size).to.equal(1);
    crash(new Error('connection reset'), true);
    expect(fatal).to.deep.equal([]);
    const dead = new Error('not authorized');
    crash(dead, false);
    expect(fatal).to.deep.equal([dead]);
    expect(running.size).to.equal(0);
  });
});

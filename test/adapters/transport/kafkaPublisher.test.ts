import { expect } from 'chai';
import type { ProducerConfig, ProducerRecord } from 'kafkajs';
import kafkajs from 'kafkajs';
import type { ProducerClient } from '../../../adapters/transport/kafka/publisher.js';
import { kafkaTopic } from '../../../adapters/transport/kafka/publisher.js';
import type { AdminClient } from '../../../adapters/transport/kafka/topicSetup.js';
import { topicCreation } from '../../../adapters/transport/kafka/topicSetup.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import { newEvent } from '../../support/events.js';

// The client is CommonJS: its error classes are found on its default export only.
const { KafkaJSConnectionError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } = kafkajs;

/** An error as the broker sends it, wrapped as the client does. */
const brokerError = (type: string, retriable = false) =>
  new KafkaJSProtocolError(Object.assign(new Error(type), { type, code: 0, retriable }));

const recorded = (stream: string, data: unknown = {}): RecordedEvent => ({
  ...newEvent('order.created', data),
  stream,
  revision: 0,
  position: position(1),
  recorded_at: new Date().toISOString(),
});

/** Stands for the cluster's administration: createTopics answers as each call is told. */
const fakeAdmin = (answers: Array<() => Promise<boolean>>) => {
  const calls = { connect: 0, disconnect: 0, createTopics: [] as unknown[] };
  const admin = () =>
    ({
      connect: () => {
        calls.connect++;
        return Promise.resolve();
      },
      disconnect: () => {
        calls.disconnect++;
        return Promise.resolve();
      },
      describeCluster: () =>
        Promise.resolve({ brokers: [{ nodeId: 1, host: 'b', port: 9092 }], controller: 1 }),
      createTopics: (request: unknown) => {
        calls.createTopics.push(request);
        return (answers.shift() ?? (() => Promise.resolve(true)))();
      },
    }) as unknown as AdminClient;
  return { admin, calls };
};

type FakeProducer = ProducerClient & {
  config: ProducerConfig;
  sent: ProducerRecord[];
  disconnected: boolean;
};

/** Stands for the producers the client makes: connect and send answer as they are told. */
const fakeProducers = (
  behaviour: {
    connect?: Array<() => Promise<void>>;
    send?: Array<(record: ProducerRecord) => Promise<void>>;
  } = {},
) => {
  const made: FakeProducer[] = [];
  const newProducer = (config: ProducerConfig): ProducerClient => {
    const producer: FakeProducer = {
      config,
      sent: [],
      disconnected: false,
      connect: () => (behaviour.connect?.shift() ?? (() => Promise.resolve()))(),
      disconnect: () => {
        producer.disconnected = true;
        return Promise.resolve();
      },
      send: async (record) => {
        await (behaviour.send?.shift() ?? (() => Promise.resolve()))(record);
        producer.sent.push(record);
        return [];
      },
    };
    made.push(producer);
    return producer;
  };
  return { made, newProducer };
};

const log = () => undefined;
const options = { topic: 'sluice.events', log };
const ready = () => Promise.resolve();

describe('Kafka transport: topic creation', () => {
  it('tries a failed creation again on the next call rather than keeping its failure', async () => {
    const { admin, calls } = fakeAdmin([() => Promise.reject(new Error('no controller'))]);
    const ensureTopic = topicCreation(admin, { ...options, partitions: 3 });
    let failure: unknown;
    await ensureTopic().catch((error: unknown) => (failure = error));
    expect(String(failure)).to.include('no controller');
    await ensureTopic();
    await ensureTopic();
    expect(calls.createTopics).to.have.length(2);
    expect(calls.disconnect).to.equal(2);
  });

  it('has the publish that follows a failed creation create the topic', async () => {
    const { admin, calls } = fakeAdmin([() => Promise.reject(new Error('no controller'))]);
    const { made, newProducer } = fakeProducers();
    const topic = kafkaTopic(
      newProducer,
      options,
      topicCreation(admin, { ...options, partitions: 3 }),
    );
    const event = recorded('order-1');
    let failure: unknown;
    await topic.publish([{ key: 'order-1', event }]).catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
    await topic.publish([{ key: 'order-1', event }]);
    expect(calls.createTopics).to.have.length(2);
    expect(made.flatMap((producer) => producer.sent)).to.have.length(1);
  });
});

describe('Kafka transport: the producer', () => {
  it('connects again on the next publish after a failed connection', async () => {
    const { made, newProducer } = fakeProducers({
      connect: [() => Promise.reject(new KafkaJSConnectionError('broker unreachable'))],
    });
    const topic = kafkaTopic(newProducer, options, ready);
    const event = recorded('order-1');
    let failure: unknown;
    await topic.publish([{ key: 'order-1', event }]).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.include('broker unreachable');
    await topic.publish([{ key: 'order-1', event }]);
    expect(made).to.have.length(2);
    expect(made[0]!.disconnected).to.equal(true);
    expect(made[1]!.sent).to.have.length(1);
    expect(made[1]!.config).to.include({ idempotent: true, maxInFlightRequests: 1 });
  });

  it('replaces a producer that lost its sequence with the broker', async () => {
    const { made, newProducer } = fakeProducers({
      send: [() => Promise.reject(brokerError('OUT_OF_ORDER_SEQUENCE_NUMBER'))],
    });
    const topic = kafkaTopic(newProducer, options, ready);
    const event = recorded('order-1');
    await topic.publish([{ key: 'order-1', event }]).catch(() => undefined);
    await topic.publish([{ key: 'order-1', event }]);
    expect(made).to.have.length(2);
    expect(made[0]!.disconnected).to.equal(true);
    expect(made[1]!.sent).to.have.length(1);
  });

  it('keeps a producer whose send failed in a way the client retries', async () => {
    const transient = new KafkaJSNumberOfRetriesExceeded(
      new KafkaJSConnectionError('connection closed'),
      { retryCount: 5, retryTime: 1000 },
    );
    const { made, newProducer } = fakeProducers({ send: [() => Promise.reject(transient)] });
    const topic = kafkaTopic(newProducer, options, ready);
    const event = recorded('order-1');
    await topic.publish([{ key: 'order-1', event }]).catch(() => undefined);
    await topic.publish([{ key: 'order-1', event }]);
    expect(made).to.have.length(1);
    expect(made[0]!.disconnected).to.equal(false);
  });

  it('sends what is above the budget in several sends, in order, each within it', async () => {
    const { made, newProducer } = fakeProducers();
    const topic = kafkaTopic(newProducer, { ...options, maxBatchBytes: 4000 }, ready);
    const events = Array.from({ length: 10 }, (_, i) =>
      recorded(`order-${i % 3}`, { note: 'x'.repeat(1000), i }),
    );
    await topic.publish(events.map((event) => ({ key: event.stream, event })));
    const sends = made[0]!.sent;
    expect(sends.length).to.be.above(2);
    for (const send of sends) {
      expect(send.acks).to.equal(-1);
      const bytes = send.messages.reduce((sum, m) => sum + String(m.value).length, 0);
      expect(bytes).to.be.at.most(4000);
    }
    const order = sends.flatMap((send) =>
      send.messages.map((m) => (JSON.parse(String(m.value)) as RecordedEvent).id),
    );
    expect(order).to.deep.equal(events.map((event) => event.id));
  });

  it('names the event the broker refuses as too large, and keeps the producer', async () => {
    const { made, newProducer } = fakeProducers({
      send: [() => Promise.reject(brokerError('MESSAGE_TOO_LARGE'))],
    });
    const topic = kafkaTopic(newProducer, { ...options, maxBatchBytes: 4000 }, ready);
    const huge = recorded('order-1', { note: 'x'.repeat(10_000) });
    let failure: unknown;
    await topic
      .publish([{ key: 'order-1', event: huge }])
      .catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).message)
      .to.include(huge.id)
      .and.include('message.max.bytes');
    expect(made[0]!.disconnected).to.equal(false);
  });
});

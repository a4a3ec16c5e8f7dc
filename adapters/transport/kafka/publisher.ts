import type { Message, Producer, ProducerConfig } from 'kafkajs';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import type { EventTopic } from '../port.js';
import { errorType, isRetriable } from './kafkaErrors.js';
import { toMessage } from './messages.js';
import type { KafkaTransportOptions } from './options.js';
import { DEFAULT_MAX_BATCH_BYTES, messageSize, splitBySize } from './sizedBatches.js';

/** What this transport asks of a producer. */
export type ProducerClient = Pick<Producer, 'connect' | 'disconnect' | 'send'>;

type Outgoing = { event: RecordedEvent; message: Message; size: number };

/** The broker's refusals of a record batch for its size. */
const TOO_LARGE = new Set(['MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE']);

/** Says which event, or which budget, the broker's size refusal is about. */
const refusedAsTooLarge = (batch: readonly Outgoing[], budget: number, cause: unknown): Error => {
  const bytes = batch.reduce((sum, one) => sum + one.size, 0);
  if (batch.length === 1) {
    const { event } = batch[0]!;
    return new Error(
      `Event ${event.id} (${event.type}, ${event.stream}) takes about ${bytes} bytes, more than ` +
        'the broker accepts in one message (its message.max.bytes or the topic’s ' +
        'max.message.bytes): it cannot be published until that limit is raised.',
      { cause },
    );
  }
  return new Error(
    `The broker refused ${batch.length} events (about ${bytes} bytes) sent together as too ` +
      `large: the send budget (${budget} bytes) is above its message.max.bytes; lower the budget.`,
    { cause },
  );
};

/**
 * One producer at a time, connected on first use after the topic exists. A failed connection is
 * not kept: the next publish connects afresh. A producer whose send failed in a way its client
 * does not recover from is dropped: an idempotent producer that lost its sequence with the broker
 * (OUT_OF_ORDER_SEQUENCE_NUMBER, UNKNOWN_PRODUCER_ID) refuses every later send, and a new one
 * starts a new sequence under a new producer id.
 */
const producerSlot = (
  newProducer: (config: ProducerConfig) => ProducerClient,
  ensureTopic: () => Promise<void>,
  log: KafkaTransportOptions['log'],
) => {
  let current: Promise<ProducerClient> | undefined;
  const connect = async () => {
    await ensureTopic();
    // Idempotent: a send the client retries is stored once; one request in flight keeps order.
    const made = newProducer({ idempotent: true, maxInFlightRequests: 1 });
    try {
      await made.connect();
    } catch (error) {
      await made.disconnect().catch(() => undefined);
      throw error;
    }
    return made;
  };
  const disconnect = async (producer: Promise<ProducerClient>) => {
    const made = await producer.catch(() => undefined);
    await made?.disconnect().catch((error: unknown) => {
      log('warn', 'a producer did not disconnect cleanly', { error: String(error) });
    });
  };
  return {
    get: (): Promise<ProducerClient> => {
      if (current) return current;
      const connecting: Promise<ProducerClient> = connect().catch((error: unknown) => {
        if (current === connecting) current = undefined;
        throw error;
      });
      current = connecting;
      return connecting;
    },
    discard: async (producer: Promise<ProducerClient>) => {
      if (current !== producer) return;
      current = undefined;
      await disconnect(producer);
    },
    close: async () => {
      const producer = current;
      current = undefined;
      if (producer) await disconnect(producer);
    },
  };
};

/**
 * The producer side: the relay's messages, sent in batches of at most `maxBatchBytes` one after
 * the other (a key's messages keep their order), each stored by every in-sync replica (acks -1).
 */
export const kafkaTopic = (
  newProducer: (config: ProducerConfig) => ProducerClient,
  options: Pick<KafkaTransportOptions, 'topic' | 'log' | 'maxBatchBytes'>,
  ensureTopic: () => Promise<void>,
): EventTopic => {
  const budget = options.maxBatchBytes ?? DEFAULT_MAX_BATCH_BYTES;
  const producers = producerSlot(newProducer, ensureTopic, options.log);
  return {
    publish: async (messages) => {
      if (messages.length === 0) return;
      const outgoing = messages.map(({ key, event }): Outgoing => {
        const message = toMessage(key, event);
        return { event, message, size: messageSize(message) };
      });
      const producer = producers.get();
      const client = await producer;
      for (const batch of splitBySize(outgoing, (one) => one.size, budget)) {
        try {
          await client.send({
            topic: options.topic,
            acks: -1,
            messages: batch.map((one) => one.message),
          });
        } catch (error) {
          // A batch refused for its size leaves the producer's sequence as it was.
          if (TOO_LARGE.has(errorType(error) ?? '')) throw refusedAsTooLarge(batch, budget, error);
          if (!isRetriable(error)) await producers.discard(producer);
          throw error;
        }
      }
    },
    close: () => producers.close(),
  };
};

import { EventStoreDBClient } from '@eventstore/db-client';
import { MongoClient } from 'mongodb';
import type { Claims } from '../../adapters/claims/port.js';
import { mongoClaims } from '../../adapters/claims/mongo/mongoClaims.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import { esdbEventStore } from '../../adapters/eventstore/esdb/esdbEventStore.js';
import type { IdempotencyStore } from '../../adapters/idempotency/port.js';
import { mongoIdempotencyStore } from '../../adapters/idempotency/mongo/mongoIdempotencyStore.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import { mongoReadStore } from '../../adapters/readstore/mongo/mongoReadStore.js';
import type { KafkaTransport } from '../../adapters/transport/kafka/kafkaTransport.js';
import { kafkaTransport } from '../../adapters/transport/kafka/kafkaTransport.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';

/** Partitions of the topic: the most members a group can usefully have. */
const PARTITIONS = 12;

export type DistributedStores = {
  eventStore: EventStore;
  readStore: ReadStore;
  idempotency: IdempotencyStore;
  claims: Claims;
  transport: KafkaTransport;
  close: () => Promise<void>;
};

/** The servers of the distributed mode, each behind the port its embedded counterpart serves. */
export const openDistributedStores = async (
  config: Config,
  logger: Logger,
): Promise<DistributedStores> => {
  const { eventstoreUrl, mongoUrl, kafkaBrokers } = config;
  if (!eventstoreUrl || !mongoUrl || !kafkaBrokers)
    throw new Error('The distributed mode needs EVENTSTORE_URL, MONGO_URL and KAFKA_BROKERS.');
  const esdb = EventStoreDBClient.connectionString(eventstoreUrl);
  const mongo = await new MongoClient(mongoUrl).connect();
  const db = mongo.db(config.mongoDatabase);
  const eventStore = esdbEventStore(esdb);
  const transport = kafkaTransport({
    brokers: kafkaBrokers,
    topic: config.kafkaTopic,
    partitions: PARTITIONS,
    clientId: `sluice-${config.roles.join('-')}`,
    log: (level, message, extra) => logger[level]({ kafka: extra }, message),
  });
  return {
    eventStore,
    readStore: mongoReadStore(mongo, db),
    idempotency: mongoIdempotencyStore(db),
    claims: await mongoClaims(db),
    transport,
    close: async () => {
      await transport.close();
      await eventStore.close();
      await esdb.dispose();
      await mongo.close();
    },
  };
};

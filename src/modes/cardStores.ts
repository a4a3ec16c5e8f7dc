import { EventStoreDBClient } from '@eventstore/db-client';
import { MongoClient } from 'mongodb';
import { mongoClaims } from '../../adapters/claims/mongo/mongoClaims.js';
import { claimedPartitions } from '../../adapters/partitions/claims/claimedPartitions.js';
import { esdbEventStore } from '../../adapters/eventstore/esdb/esdbEventStore.js';
import { mongoIdempotencyStore } from '../../adapters/idempotency/mongo/mongoIdempotencyStore.js';
import { mongoPayloadKeys } from '../../adapters/payloadkeys/mongo/mongoPayloadKeys.js';
import { mongoReadStore } from '../../adapters/readstore/mongo/mongoReadStore.js';
import { kafkaTransport } from '../../adapters/transport/kafka/kafkaTransport.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { DistributedStores } from './distributedPorts.js';

/** Partitions of the topic: the most members a group can usefully have. */
const PARTITIONS = 12;

/** The design card's servers, each behind the port its embedded counterpart serves. */
export const openCardStores = async (
  config: Config,
  logger: Logger,
): Promise<DistributedStores> => {
  const { eventstoreUrl, mongoUrl, kafkaBrokers } = config;
  if (!eventstoreUrl || !mongoUrl || !kafkaBrokers)
    throw new Error('The distributed mode needs EVENTSTORE_URL, MONGO_URL and KAFKA_BROKERS.');
  const esdb = EventStoreDBClient.connectionString(eventstoreUrl);
  const mongo = await new MongoClient(mongoUrl).connect();
  const db = mongo.db(config.mongoDatabase);
  // A dead subscription or consumer the client will not restart leaves this process unable to do
  // its work: it exits, for its orchestrator to start it again.
  const fatal = (what: string) => (err: Error) => {
    logger.fatal({ err }, `${what}; the process exits, to be started again`);
    logger.flush();
    process.exit(1);
  };
  const eventStore = esdbEventStore(esdb, {
    onDrop: (err, drop) =>
      logger.warn({ err, ...drop }, 'an EventStoreDB subscription dropped; subscribing again'),
    onFailed: fatal('an EventStoreDB subscription ended for good'),
  });
  const claims = await mongoClaims(db);
  const transport = kafkaTransport({
    brokers: kafkaBrokers,
    topic: config.kafkaTopic,
    partitions: PARTITIONS,
    clientId: `sluice-${config.roles.join('-')}`,
    log: (level, message, extra) => logger[level]({ kafka: extra }, message),
    ...(config.kafkaReplicationFactor && { replicationFactor: config.kafkaReplicationFactor }),
    ...(config.kafkaMinInsyncReplicas && { minInSyncReplicas: config.kafkaMinInsyncReplicas }),
    retentionMs: config.kafkaRetentionMs,
    maxBatchBytes: config.kafkaMaxBatchBytes,
    onFatal: fatal('a Kafka consumer crashed and will not restart'),
  });
  return {
    eventStore,
    readStore: mongoReadStore(mongo, db),
    idempotency: mongoIdempotencyStore(db),
    payloadKeys: mongoPayloadKeys(mongo, db),
    claims,
    partitions: claimedPartitions(claims),
    transport: { feed: transport.feed, topic: transport.topic },
    close: async () => {
      await transport.close();
      await eventStore.close();
      await esdb.dispose();
      await mongo.close();
    },
  };
};

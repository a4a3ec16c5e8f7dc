import type { Admin, ITopicConfig } from 'kafkajs';
import type { KafkaTransportOptions } from './options.js';

/** What this transport asks of the cluster's administration. */
export type AdminClient = Pick<
  Admin,
  | 'connect'
  | 'disconnect'
  | 'createTopics'
  | 'describeCluster'
  | 'fetchOffsets'
  | 'fetchTopicOffsets'
  | 'setOffsets'
>;

export const DEFAULT_REPLICATION_FACTOR = 3;
export const DEFAULT_MIN_IN_SYNC_REPLICAS = 2;
/** Kept forever: see KafkaTransportOptions.retentionMs. */
export const DEFAULT_RETENTION_MS = -1;

type TopicSettings = Pick<
  KafkaTransportOptions,
  'topic' | 'partitions' | 'replicationFactor' | 'minInSyncReplicas' | 'retentionMs'
>;

/**
 * The topic as this transport creates it. A message the producer reports stored is on
 * `min.insync.replicas` brokers, no out-of-sync replica may become leader (it would drop what the
 * others acknowledged), and nothing expires unless a retention is set.
 */
export const durableTopic = (settings: TopicSettings, brokerCount: number): ITopicConfig => {
  const replicationFactor =
    settings.replicationFactor ?? Math.max(1, Math.min(DEFAULT_REPLICATION_FACTOR, brokerCount));
  const minInSync =
    settings.minInSyncReplicas ??
    Math.max(1, Math.min(DEFAULT_MIN_IN_SYNC_REPLICAS, replicationFactor - 1));
  return {
    topic: settings.topic,
    numPartitions: settings.partitions,
    replicationFactor,
    configEntries: [
      { name: 'min.insync.replicas', value: String(minInSync) },
      { name: 'retention.ms', value: String(settings.retentionMs ?? DEFAULT_RETENTION_MS) },
      { name: 'unclean.leader.election.enable', value: 'false' },
    ],
  };
};

const createTopic = async (
  admin: AdminClient,
  options: Pick<KafkaTransportOptions, 'log'> & TopicSettings,
): Promise<void> => {
  await admin.connect();
  try {
    // The default replication adapts to the cluster only when none was asked for.
    const brokerCount =
      options.replicationFactor === undefined ? (await admin.describeCluster()).brokers.length : 0;
    const topic = durableTopic(options, brokerCount);
    if (options.replicationFactor === undefined && brokerCount < DEFAULT_REPLICATION_FACTOR)
      options.log('warn', 'the cluster has too few brokers to keep the default replicas', {
        topic: options.topic,
        replicationFactor: topic.replicationFactor,
      });
    // False when the topic exists already: it is then used as it stands.
    if (await admin.createTopics({ waitForLeaders: true, topics: [topic] }))
      options.log('info', 'created the topic', {
        topic: options.topic,
        replicationFactor: topic.replicationFactor,
        config: topic.configEntries,
      });
  } finally {
    await admin.disconnect();
  }
};

/**
 * Creates the topic on first use; calls meanwhile wait for that creation. One that failed (the
 * broker unreachable, the controller moving) is tried again by the next call rather than kept.
 */
export const topicCreation = (
  admin: () => AdminClient,
  options: Pick<KafkaTransportOptions, 'log'> & TopicSettings,
): (() => Promise<void>) => {
  let ready: Promise<void> | undefined;
  return () => {
    ready ??= createTopic(admin(), options).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
};

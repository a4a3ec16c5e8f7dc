export type KafkaLog = (
  level: 'error' | 'warn' | 'info' | 'debug',
  message: string,
  extra: object,
) => void;

export type KafkaTransportOptions = {
  brokers: readonly string[];
  /** The topic the relay writes the log to, created on first use with this many partitions. */
  topic: string;
  partitions: number;
  clientId: string;
  /** Where the client's own messages go (the service's logger). */
  log: KafkaLog;
  /**
   * How many brokers keep a copy of each partition of a topic this transport creates. Absent: 3,
   * or as many as the cluster has brokers when it has fewer (a development broker). Given, it is
   * used as it is, and the broker refuses to create the topic when it has too few brokers.
   */
  replicationFactor?: number;
  /**
   * How many copies must hold a message before the broker reports it stored (the producer waits
   * for all in-sync copies). Absent: 2, but at most one less than the replication factor, so
   * that one broker down does not stop the relay (1 on a single broker).
   */
  minInSyncReplicas?: number;
  /**
   * How long the topic keeps messages, in milliseconds; -1 keeps them forever (the default): a
   * group that falls behind further than the retention would silently lose the deliveries in
   * between, since the relay does not publish again what it has checkpointed.
   */
  retentionMs?: number;
  /** The most bytes (estimated) one send to the broker carries; see DEFAULT_MAX_BATCH_BYTES. */
  maxBatchBytes?: number;
  /**
   * Told when a consumer has stopped for good: the client does not restart it after this error,
   * and its group goes on without this process. The caller ends the process. Absent: logged.
   */
  onFatal?: (error: Error) => void;
};

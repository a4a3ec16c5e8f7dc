import { isPassingDatabaseFault } from './postgres/faults.js';

/**
 * The faults of a store that pass (it cannot be reached, is restarting, electing a leader, or too
 * slow to answer), whichever deployment's client raised them: the same request can succeed later.
 * Each client marks them its own way; this reads the marks without loading any client, so a
 * deployment loads only its own stores' clients. Every other error is the request's or the
 * program's.
 */

/** EventStoreDB: the client's command errors carry a `type`. */
const EVENTSTORE_PASSING: ReadonlySet<string> = new Set([
  'unavailable',
  'deadline-exceeded',
  'timeout',
  'not-leader',
]);

/** MongoDB: network and server-selection errors, and those it labels as worth retrying. */
const MONGO_PASSING: ReadonlySet<string> = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
]);
const MONGO_LABELS = ['RetryableWriteError', 'TransientTransactionError', 'ResetPool'];

/** Kafka: kafkajs marks what it would retry; it gives up on one with it as the cause. */
const KAFKA_PASSING: ReadonlySet<string> = new Set([
  'KafkaJSConnectionError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSConnectionClosedError',
  'KafkaJSBrokerNotFound',
]);

type Marks = {
  name?: unknown;
  type?: unknown;
  retriable?: unknown;
  cause?: unknown;
  hasErrorLabel?: unknown;
};

export const isPassingStoreFault = (error: unknown, depth = 0): boolean => {
  if (isPassingDatabaseFault(error)) return true;
  if (!(error instanceof Error) || depth > 3) return false;
  const { name, type, retriable, cause, hasErrorLabel } = error as Error & Marks;
  if (typeof type === 'string' && EVENTSTORE_PASSING.has(type)) return true;
  if (typeof name === 'string' && MONGO_PASSING.has(name)) return true;
  if (
    typeof hasErrorLabel === 'function' &&
    MONGO_LABELS.some((label) => (hasErrorLabel as (l: string) => boolean).call(error, label))
  )
    return true;
  if (typeof name === 'string' && name.startsWith('KafkaJS'))
    if (KAFKA_PASSING.has(name) || retriable === true) return true;
  return cause !== undefined && isPassingStoreFault(cause, depth + 1);
};

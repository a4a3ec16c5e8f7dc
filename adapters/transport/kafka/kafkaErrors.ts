/**
 * The client's errors as this transport reads them. kafkajs wraps the error a retrier gave up on
 * (KafkaJSNonRetriableError, KafkaJSNumberOfRetriesExceeded) and keeps it as `cause`; the broker's
 * own error code is the `type` of a KafkaJSProtocolError somewhere in that chain.
 */
type KafkaErrorFields = { cause?: unknown; type?: unknown; retriable?: unknown };

const chain = (error: unknown): unknown[] => {
  const errors: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && !errors.includes(current)) {
    errors.push(current);
    current = typeof current === 'object' ? (current as KafkaErrorFields).cause : undefined;
  }
  return errors;
};

/** The broker's error code (REBALANCE_IN_PROGRESS, MESSAGE_TOO_LARGE, …), if the chain has one. */
export const errorType = (error: unknown): string | undefined => {
  for (const one of chain(error)) {
    const type = typeof one === 'object' ? (one as KafkaErrorFields).type : undefined;
    if (typeof type === 'string') return type;
  }
  return undefined;
};

/**
 * Whether the client can recover from the error by trying again: so says the first error of the
 * chain (a transient one the retrier ran out of tries on counts as retriable).
 */
export const isRetriable = (error: unknown): boolean => {
  const errors = chain(error);
  const root = errors[errors.length - 1];
  return typeof root === 'object' && (root as KafkaErrorFields).retriable === true;
};

/**
 * The group moved on without this member, or is moving: the member must rejoin, and the commits
 * of its old generation are refused. The client's consumer loop rejoins on these, when they reach
 * it as thrown by the broker (it reads `type` on the error itself).
 */
const FENCED = new Set([
  'REBALANCE_IN_PROGRESS',
  'ILLEGAL_GENERATION',
  'UNKNOWN_MEMBER_ID',
  'NOT_COORDINATOR_FOR_GROUP',
]);

/** The broker's error in the chain saying this member must rejoin, if there is one. */
export const fencingError = (error: unknown): Error | undefined =>
  chain(error).find(
    (one): one is Error =>
      one instanceof Error && FENCED.has(String((one as KafkaErrorFields).type)),
  );

import {
  AccessDeniedError,
  InvalidArgumentError,
  InvalidTransactionError,
  NotFoundError,
  RequiredMetadataPropertyMissingError,
  StreamDeletedError,
  StreamNotFoundError,
  UnsupportedError,
} from '@eventstore/db-client';

/** What a store tells its owner of its subscriptions' connections: logs and metrics hang here. */
export type SubscriptionDrops = {
  /**
   * The subscription's stream ended, with an error or cleanly (the server closed it), and it
   * subscribes again from where it stands after `retryInMs`. `drops` counts every drop of this
   * subscription; `consecutive` those since it last received anything.
   */
  onDrop?: (
    error: Error | undefined,
    drop: { drops: number; consecutive: number; retryInMs: number },
  ) => void;
  /**
   * The subscription ended for good: on an error that subscribing again would only meet again
   * (see `isFatal`), on an event it could not read, or on its handler's failure. Its `reached`
   * callers hear of it too.
   */
  onFailed?: (error: Error) => void;
};

/**
 * Errors that come back however often the subscription is opened again: the server refuses the
 * request itself (credentials, arguments, a stream or feature that is not there), or the client
 * cannot decode what the log holds. The rest (the node unavailable or not the leader, a deadline,
 * a cancelled or reset call, a failed discovery, an UNKNOWN status) are the connection's, and
 * pass.
 */
export const isFatal = (error: Error | undefined): boolean =>
  error instanceof AccessDeniedError ||
  error instanceof InvalidArgumentError ||
  error instanceof NotFoundError ||
  error instanceof StreamNotFoundError ||
  error instanceof StreamDeletedError ||
  error instanceof InvalidTransactionError ||
  error instanceof RequiredMetadataPropertyMissingError ||
  error instanceof UnsupportedError ||
  // The client parses JSON events as they arrive; one that does not parse arrives again.
  error instanceof SyntaxError;

export type RetryPolicy = { firstMs: number; maxMs: number };

export const RETRY: RetryPolicy = { firstMs: 1000, maxMs: 30_000 };

/** The pause before subscribing again: doubling with each drop in a row, up to `maxMs`. */
export const retryDelay = (consecutive: number, policy: RetryPolicy = RETRY): number =>
  Math.min(policy.maxMs, policy.firstMs * 2 ** Math.min(30, Math.max(0, consecutive - 1)));

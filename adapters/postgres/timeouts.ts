/**
 * How long the deployment waits on PostgreSQL before it counts a connection or a statement as
 * lost: without them, a connection the network black-holes hangs its query for as long as the
 * kernel's retransmissions last (about a quarter of an hour).
 */
export type PostgresTimeouts = {
  /** A new connection that has not been made in this long fails. */
  connectMs: number;
  /**
   * A statement running this long is cancelled by the server; the client gives up on its answer a
   * few seconds later (a server it can no longer hear would never cancel it).
   */
  statementMs: number;
  /**
   * A session left inside a transaction without a statement this long (a process frozen or cut
   * off mid-transaction) is ended by the server, its locks with it.
   */
  idleInTransactionMs: number;
  /** A statement waiting this long for a lock fails rather than wait on. */
  lockMs: number;
  /** TCP keepalive's first probe after this long idle: a dead peer is found on a quiet connection. */
  keepAliveMs: number;
};

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
  idleInTransactionMs: 5_000,
  lockMs: 10_000,
  keepAliveMs: 10_000,
};

/** What the client waits past the server's own cancellation before it gives up on an answer. */
export const CLIENT_GRACE_MS = 5_000;

/**
 * The errors of a database that cannot be reached or cannot take the work now (the server down,
 * restarting, out of connections, cut off, too slow to answer): they pass, and the same request
 * can succeed later. Every other error is the request's or the program's.
 */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** SQLSTATEs: connection exceptions (08), too many connections, shutdown or start, cancellations. */
const PASSING_SQLSTATES: ReadonlySet<string> = new Set([
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement_timeout)
  '55P03', // lock_not_available (lock_timeout)
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

const PASSING_MESSAGES = [
  'Connection terminated',
  'timeout expired',
  'Query read timeout',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

export const isPassingDatabaseFault = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || PASSING_SQLSTATES.has(code) || code.startsWith('08'))
      return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isPassingDatabaseFault);
  return typeof message === 'string' && PASSING_MESSAGES.some((m) => message.includes(m));
};

import { isIP } from 'node:net';
import { fromString, integer, read } from './decoding.js';

/**
 * The bounds that keep one merchant, or one definition, from taking what the others need: shares
 * of the delivery slots, lookups, connections and evaluation.
 */
export type Guards = {
  /** Deliveries of one merchant on the wire at once, across its endpoints. */
  merchantDeliveryConcurrency: number;
  /** Endpoints one merchant may have (deleted ones do not count). */
  maxEndpointsPerMerchant: number;
  /** The DNS servers endpoint and service hosts are resolved with; undefined: the system's. */
  dnsServers: string[] | undefined;
  /** How long one lookup may take before it fails (also bounded by the caller's deadline). */
  dnsTimeoutMs: number;
  /** Lookups one merchant may have waiting at once: past it, its next fails at once. */
  dnsLookupsPerMerchant: number;
  /** How long a client may take to send a whole request, and its headers. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** Open connections to the API at most, in all and from one address. */
  maxConnections: number;
  maxConnectionsPerIp: number;
  /** Unknown keys one address may present: at once, then a minute (past it: 429 for that address). */
  authFailureBurst: number;
  authFailuresPerMinute: number;
  /** Processes that evaluate definitions' expressions, and the heap each may use. */
  expressionWorkers: number;
  expressionMemoryMb: number;
  /** Bytes of request bodies one merchant may write a minute (0: no bound). */
  merchantWriteBytesPerMin: number;
};

/** At least one largest body (1 MiB) a minute, or 0: nothing counted. */
const writeBytesPerMinute = fromString(
  '0 (no bound) or an integer of bytes from 1048576 (one largest request body)',
  (raw) => {
    if (!/^\d+$/.test(raw)) return undefined;
    const n = Number(raw);
    return n === 0 || (n >= 1024 * 1024 && n <= 2 ** 50) ? n : undefined;
  },
);

/** `1.1.1.1`, `1.1.1.1:5353`, `[::1]:53` or `::1`. */
const dnsServers = fromString(
  'a comma-separated list of IP addresses, each with an optional :port',
  (raw) => {
    const list = raw.split(',').map((s) => s.trim());
    const valid = (server: string): boolean => {
      if (isIP(server)) return true;
      const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(server);
      if (bracketed) return isIP(bracketed[1]!) === 6 && Number(bracketed[2]) <= 65535;
      const withPort = /^([^:]+):(\d{1,5})$/.exec(server);
      return withPort !== null && isIP(withPort[1]!) === 4 && Number(withPort[2]) <= 65535;
    };
    return list.length > 0 && list.every(valid) ? list : undefined;
  },
);

export const readGuards = (env: NodeJS.ProcessEnv, deliveryConcurrency: number): Guards => ({
  merchantDeliveryConcurrency: read(
    env,
    'SLUICE_MERCHANT_DELIVERY_CONCURRENCY',
    integer(1, 10_000),
    // A quarter of the slots: four merchants stuck on hanging receivers still leave room.
    Math.max(1, Math.floor(deliveryConcurrency / 4)),
  ),
  maxEndpointsPerMerchant: read(env, 'SLUICE_MAX_ENDPOINTS_PER_MERCHANT', integer(1, 100_000), 100),
  dnsServers: read(env, 'SLUICE_DNS_SERVERS', dnsServers, undefined),
  dnsTimeoutMs: read(env, 'SLUICE_DNS_TIMEOUT_MS', integer(50, 60_000), 5_000),
  dnsLookupsPerMerchant: read(env, 'SLUICE_DNS_LOOKUPS_PER_MERCHANT', integer(1, 10_000), 8),
  requestTimeoutMs: read(env, 'SLUICE_REQUEST_TIMEOUT_MS', integer(100, 600_000), 30_000),
  headersTimeoutMs: read(env, 'SLUICE_HEADERS_TIMEOUT_MS', integer(100, 600_000), 10_000),
  maxConnections: read(env, 'SLUICE_MAX_CONNECTIONS', integer(1, 1_000_000), 10_000),
  maxConnectionsPerIp: read(env, 'SLUICE_MAX_CONNECTIONS_PER_IP', integer(1, 1_000_000), 256),
  authFailureBurst: read(env, 'SLUICE_AUTH_FAILURE_BURST', integer(1, 1_000_000), 100),
  authFailuresPerMinute: read(env, 'SLUICE_AUTH_FAILURES_PER_MINUTE', integer(1, 1_000_000), 20),
  expressionWorkers: read(env, 'SLUICE_EXPRESSION_WORKERS', integer(1, 64), 2),
  expressionMemoryMb: read(env, 'SLUICE_EXPRESSION_MEMORY_MB', integer(16, 4096), 64),
  merchantWriteBytesPerMin: read(
    env,
    'SLUICE_MERCHANT_WRITE_BYTES_PER_MIN',
    writeBytesPerMinute,
    32 * 1024 * 1024,
  ),
});

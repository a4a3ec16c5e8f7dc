import type { PostgresTimeouts } from '../../adapters/postgres/timeouts.js';
import { DEFAULT_POSTGRES_TIMEOUTS } from '../../adapters/postgres/timeouts.js';
import { resolve } from 'node:path';
import type { Role } from '../modes/roles.js';
import { parseRoles, ROLES } from '../modes/roles.js';
import {
  adminKey,
  bearerToken,
  boolean,
  brokers,
  ConfigError,
  encryptionKey,
  fromString,
  integer,
  nonEmpty,
  oneOf,
  positiveDays,
  positiveDecimals,
  proxyList,
  read,
  schemaName,
} from './decoding.js';
import type { Guards } from './guards.js';
import { readGuards } from './guards.js';

export { ConfigError } from './decoding.js';

/** The running configuration, decoded from the environment (PRODUCT.md 0.1). */
export type Config = {
  port: number;
  host: string;
  mode: 'embedded' | 'distributed';
  /** What this process runs in the distributed mode; the embedded mode runs every role. */
  roles: Role[];
  dataDir: string;
  adminKey: string | undefined;
  encryptionKey: Buffer | undefined;
  /** Payloads older than this (in milliseconds) are no longer kept readable; undefined: for ever. */
  payloadRetentionMs: number | undefined;
  /** Report what the retention would destroy, and destroy nothing. */
  payloadRetentionDryRun: boolean;
  /** Seal new payloads under the merchants' data keys (false: in clear, to measure what it costs). */
  payloadEncryption: boolean;
  maxWaitMs: number;
  retryScheduleS: number[];
  attemptTimeoutMs: number;
  rotationGraceS: number;
  disableAfterS: number;
  /**
   * How long (SLUICE_LISTENER_IDLE_S, in seconds; default a day) a `sluice listen` endpoint is
   * kept once no one listens on it: then it is deleted, as any endpoint is, and the key's next
   * listen makes it again with a new signing secret.
   */
  listenerIdleMs: number;
  rateLimitRps: number;
  deliveryConcurrency: number;
  endpointConcurrency: number;
  /**
   * Local development (SLUICE_DEV): http and private URLs allowed, listening on 127.0.0.1 only,
   * unless set otherwise. Said loudly at start.
   */
  dev: boolean;
  allowHttpUrls: boolean;
  allowPrivateUrls: boolean;
  /** Send webhooks from a thread of their own (false: from the main thread, as on one core). */
  deliveryThread: boolean;
  sqliteSynchronous: 'normal' | 'full';
  logLevel: string;
  eventstoreUrl: string | undefined;
  mongoUrl: string | undefined;
  kafkaBrokers: string[] | undefined;
  /** The distributed mode's MongoDB database and Kafka topic (one deployment each). */
  mongoDatabase: string;
  kafkaTopic: string;
  /** The topic's replication (default: 3, or the brokers there are) and in-sync minimum (2, below it). */
  kafkaReplicationFactor: number | undefined;
  kafkaMinInsyncReplicas: number | undefined;
  /** How long the topic keeps what the relay wrote (-1: always): past it, events not yet acted on are lost. */
  kafkaRetentionMs: number;
  /** The most bytes one send to the topic carries: under the broker's `message.max.bytes`. */
  kafkaMaxBatchBytes: number;
  postgresUrl: string | undefined;
  /** The schema of this deployment in the PostgreSQL database. */
  postgresSchema: string;
  /**
   * Connections a process keeps to PostgreSQL at most (and three more: two renewing its leases,
   * one listening): the server's `max_connections` bounds the processes times this.
   */
  postgresPoolSize: number;
  /** How long a connection, a statement, a lock or an idle transaction may take on PostgreSQL. */
  postgresTimeouts: PostgresTimeouts;
  /** Which servers the distributed mode runs on: PostgreSQL, or the design card's three. */
  backend: 'postgres' | 'card' | undefined;
  guards: Guards;
  /** Who may frame the merchant portal: a CSP `frame-ancestors` source list. */
  portalFrameAncestors: string;
  /** Where clients reach the service (portal links start with it); unset: the request's origin. */
  publicUrl: string | undefined;
  /** The bearer token a scrape of /metrics must send; unset: /metrics is open. */
  metricsToken: string | undefined;
  /**
   * The proxies in front of the API (addresses, CIDR blocks, or express's names for ranges): a
   * request through them counts as from the address they say they forwarded it for
   * (`X-Forwarded-For`), for the throttling of failed keys; empty: every client as it connects.
   */
  trustedProxies: string[];
};

/** An http(s) URL without query or fragment, kept without its trailing slash. */
const publicUrl = fromString('an http or https URL such as https://sluice.example.com', (raw) => {
  if (!URL.canParse(raw)) return undefined;
  const url = new URL(raw);
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) return undefined;
  return url.href.replace(/\/+$/, '');
});

const CARD_SERVERS = ['EVENTSTORE_URL', 'MONGO_URL', 'KAFKA_BROKERS'] as const;

/**
 * PostgreSQL alone, or the card's three servers together: anything else is refused, naming the
 * variables to set or unset.
 */
const backendOf = (config: Config): 'postgres' | 'card' => {
  const card = [config.eventstoreUrl, config.mongoUrl, config.kafkaBrokers];
  const cardSet = CARD_SERVERS.filter((_, i) => card[i] !== undefined);
  if (config.postgresUrl !== undefined) {
    if (cardSet.length > 0)
      throw new ConfigError(
        'POSTGRES_URL',
        `set together with ${cardSet.join(', ')}: the distributed mode runs on PostgreSQL or on the three servers of the design card, not both`,
      );
    return 'postgres';
  }
  const missing = CARD_SERVERS.filter((_, i) => card[i] === undefined);
  if (missing.length === CARD_SERVERS.length)
    throw new ConfigError(
      'POSTGRES_URL',
      `required when SLUICE_MODE is distributed (or ${CARD_SERVERS.join(', ')} together)`,
    );
  if (missing.length > 0)
    throw new ConfigError(missing.join(', '), `required with ${cardSet.join(', ')}`);
  return 'card';
};

/** The design card's servers, and how the service uses them. */
const readCardServers = (env: NodeJS.ProcessEnv) => ({
  eventstoreUrl: read(env, 'EVENTSTORE_URL', nonEmpty, undefined),
  mongoUrl: read(env, 'MONGO_URL', nonEmpty, undefined),
  kafkaBrokers: read(env, 'KAFKA_BROKERS', brokers, undefined),
  mongoDatabase: read(env, 'SLUICE_MONGO_DATABASE', nonEmpty, 'sluice'),
  kafkaTopic: read(env, 'SLUICE_KAFKA_TOPIC', nonEmpty, 'sluice.events'),
  kafkaReplicationFactor: read(env, 'SLUICE_KAFKA_REPLICATION_FACTOR', integer(1, 100), undefined),
  kafkaMinInsyncReplicas: read(env, 'SLUICE_KAFKA_MIN_INSYNC_REPLICAS', integer(1, 100), undefined),
  kafkaRetentionMs: read(env, 'SLUICE_KAFKA_RETENTION_MS', integer(-1, 2 ** 52), -1),
  kafkaMaxBatchBytes: read(
    env,
    'SLUICE_KAFKA_MAX_BATCH_BYTES',
    integer(1024, 100 * 2 ** 20),
    921_600,
  ),
});

const readPostgresTimeouts = (env: NodeJS.ProcessEnv): PostgresTimeouts => {
  const ms = (name: string, fallback: number) => read(env, name, integer(100, 3_600_000), fallback);
  const defaults = DEFAULT_POSTGRES_TIMEOUTS;
  return {
    connectMs: ms('SLUICE_POSTGRES_CONNECT_TIMEOUT_MS', defaults.connectMs),
    statementMs: ms('SLUICE_POSTGRES_STATEMENT_TIMEOUT_MS', defaults.statementMs),
    idleInTransactionMs: ms(
      'SLUICE_POSTGRES_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      defaults.idleInTransactionMs,
    ),
    lockMs: ms('SLUICE_POSTGRES_LOCK_TIMEOUT_MS', defaults.lockMs),
    keepAliveMs: ms('SLUICE_POSTGRES_KEEPALIVE_MS', defaults.keepAliveMs),
  };
};

/** Decodes the configuration; a bad value throws a ConfigError naming the variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const deliveryConcurrency = read(env, 'SLUICE_DELIVERY_CONCURRENCY', integer(1, 10_000), 256);
  const dev = read(env, 'SLUICE_DEV', boolean, false);
  const config: Config = {
    port: read(env, 'PORT', integer(0, 65535), 8080),
    // A developer's machine serves itself: nothing on the network reaches a dev server by default.
    host: read(env, 'HOST', nonEmpty, dev ? '127.0.0.1' : '0.0.0.0'),
    dev,
    mode: read(env, 'SLUICE_MODE', oneOf('embedded', 'distributed'), 'embedded' as const),
    roles: read(
      env,
      'SLUICE_ROLES',
      fromString(`all or a comma-separated list of ${ROLES.join(', ')}`, parseRoles),
      parseRoles('all')!,
    ),
    dataDir: resolve(read(env, 'SLUICE_DATA_DIR', nonEmpty, './data')),
    adminKey: read(env, 'SLUICE_ADMIN_KEY', adminKey, undefined),
    encryptionKey: read(env, 'SLUICE_ENCRYPTION_KEY', encryptionKey, undefined),
    payloadRetentionMs: (() => {
      const days = read(env, 'SLUICE_PAYLOAD_RETENTION_DAYS', positiveDays, undefined);
      return days === undefined ? undefined : Math.round(days * 86_400_000);
    })(),
    payloadRetentionDryRun: read(env, 'SLUICE_PAYLOAD_RETENTION_DRY_RUN', boolean, false),
    payloadEncryption: read(env, 'SLUICE_PAYLOAD_ENCRYPTION', boolean, true),
    maxWaitMs: read(env, 'SLUICE_MAX_WAIT_MS', integer(1, 3_600_000), 30_000),
    retryScheduleS: read(
      env,
      'SLUICE_RETRY_SCHEDULE_S',
      positiveDecimals,
      [5, 300, 1800, 7200, 18000, 36000, 36000],
    ),
    attemptTimeoutMs: read(env, 'SLUICE_ATTEMPT_TIMEOUT_MS', integer(1, 300_000), 15_000),
    rotationGraceS: read(env, 'SLUICE_ROTATION_GRACE_S', integer(0, 30 * 86_400), 86_400),
    disableAfterS: read(env, 'SLUICE_DISABLE_AFTER_S', integer(1, 365 * 86_400), 432_000),
    listenerIdleMs: read(env, 'SLUICE_LISTENER_IDLE_S', integer(1, 365 * 86_400), 86_400) * 1000,
    rateLimitRps: read(env, 'SLUICE_RATE_LIMIT_RPS', integer(1, 1_000_000), 100),
    deliveryConcurrency,
    endpointConcurrency: read(env, 'SLUICE_ENDPOINT_CONCURRENCY', integer(1, 1000), 16),
    allowHttpUrls: read(env, 'SLUICE_ALLOW_HTTP_URLS', boolean, dev),
    allowPrivateUrls: read(env, 'SLUICE_ALLOW_PRIVATE_URLS', boolean, dev),
    deliveryThread: read(env, 'SLUICE_DELIVERY_THREAD', boolean, true),
    sqliteSynchronous: read(
      env,
      'SLUICE_SQLITE_SYNCHRONOUS',
      oneOf('normal', 'full'),
      'normal' as const,
    ),
    logLevel: read(
      env,
      'LOG_LEVEL',
      oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'),
      'info',
    ),
    ...readCardServers(env),
    postgresUrl: read(env, 'POSTGRES_URL', nonEmpty, undefined),
    postgresSchema: read(env, 'SLUICE_POSTGRES_SCHEMA', schemaName, 'sluice'),
    postgresPoolSize: read(env, 'SLUICE_POSTGRES_POOL_SIZE', integer(2, 1000), 10),
    postgresTimeouts: readPostgresTimeouts(env),
    backend: undefined,
    guards: readGuards(env, deliveryConcurrency),
    portalFrameAncestors: read(
      env,
      'SLUICE_PORTAL_FRAME_ANCESTORS',
      fromString('a CSP source list', (raw) => (/^[^;,\r\n]+$/.test(raw) ? raw : undefined)),
      "'self'",
    ),
    publicUrl: read(env, 'SLUICE_PUBLIC_URL', publicUrl, undefined),
    metricsToken: read(env, 'SLUICE_METRICS_TOKEN', bearerToken, undefined),
    trustedProxies: read(env, 'SLUICE_TRUSTED_PROXIES', proxyList, []),
  };
  if (config.mode === 'embedded' && env.SLUICE_ROLES && env.SLUICE_ROLES !== 'all')
    throw new ConfigError(
      'SLUICE_ROLES',
      'the embedded mode runs every role (use SLUICE_MODE=distributed)',
    );
  if (config.mode === 'distributed') {
    for (const [name, value] of [
      ['SLUICE_ENCRYPTION_KEY', config.encryptionKey],
      ['SLUICE_ADMIN_KEY', config.adminKey],
    ] as const) {
      if (value === undefined)
        throw new ConfigError(name, 'required when SLUICE_MODE is distributed');
    }
    config.backend = backendOf(config);
  }
  return config;
};

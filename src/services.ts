import type { WorkerHealth } from './processing/workerHealth.js';
import type { Claims } from '../adapters/claims/port.js';
import type { HostResolver } from '../adapters/dns/hostResolver.js';
import type { EventStore } from '../adapters/eventstore/port.js';
import type { PayloadKeyStore } from '../adapters/payloadkeys/port.js';
import type { IdempotencyStore } from '../adapters/idempotency/port.js';
import type { WorkPartitions } from '../adapters/partitions/port.js';
import type { ReadStore } from '../adapters/readstore/port.js';
import type { EventFeed } from '../adapters/transport/port.js';
import type { Authenticator } from './auth/authenticate.js';
import type { EventTypeCatalog } from './catalog/eventTypeCatalog.js';
import type { Config } from './config/config.js';
import type { Logger } from './logging/logger.js';
import type { Metrics } from './metrics/metrics.js';
import type { Projector } from './projector/projector.js';
import type { Definitions } from './processes/definitions.js';
import type { InstanceEndings } from './processes/instanceEndings.js';
import type { SecretBox } from './secrets/secretBox.js';
import type { WebhookBodies } from './delivery/webhookBodies.js';
import type { DataKeys } from './payloads/dataKeys.js';

/** Everything the HTTP API and the workers use, whichever mode wired it. */
export type Services = {
  config: Config;
  /** The log, its payloads opened as they are read and sealed as they are appended. */
  eventStore: EventStore;
  /**
   * The log as stored, payloads sealed: for whoever copies events without reading their payloads
   * (the relay, the projector).
   */
  sealedLog: EventStore;
  /** Where the merchants' data keys are kept. */
  payloadKeys: PayloadKeyStore;
  /** The merchants' data keys, which seal and open their payloads; destroyed to erase them. */
  dataKeys: DataKeys;
  readStore: ReadStore;
  idempotency: IdempotencyStore;
  /** Hands events to the workers that act on them (the planner, the process workers). */
  feed: EventFeed;
  /** Leases on deliveries due, so that of several dispatchers only one sends a given try. */
  claims: Claims;
  /**
   * Work split by key among the processes of a role: each endpoint's deliveries are started by
   * the one dispatcher holding its partition, and one projector writes at a time.
   */
  partitions: WorkPartitions;
  projector: Projector;
  authenticate: Authenticator;
  /**
   * Seals and opens secrets under the encryption key (endpoint signing secrets, sensitive header
   * values), and signs what the service hands out to be handed back (a listener's tries).
   */
  secrets: SecretBox;
  logger: Logger;
  /** What the process's workers say of their loops: it is not ready while one is failing. */
  health: WorkerHealth;
  metrics: Metrics;
  now: () => Date;
  /** The event types as the log has them: what publications and endpoint filters are checked against. */
  eventTypes: EventTypeCatalog;
  /** Published process definition versions, ready to run. */
  definitions: Definitions;
  /** Tells run requests that wait when their instance ends. */
  instanceEndings: InstanceEndings;
  /** The bodies of the webhooks this process planned lately, so that their attempts need not build them. */
  webhookBodies: WebhookBodies;
  /** Resolves the hosts of endpoint and service URLs, each lookup bounded in time. */
  hostResolver: HostResolver;
};

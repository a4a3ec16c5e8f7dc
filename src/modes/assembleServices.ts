import { hostResolver } from '../../adapters/dns/hostResolver.js';
import { authenticator } from '../auth/authenticate.js';
import { eventTypeCatalog } from '../catalog/eventTypeCatalog.js';
import type { BootstrapKey } from '../auth/bootstrapKey.js';
import { bootstrapAdminKey } from '../auth/bootstrapKey.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { WorkerHealth } from '../processing/workerHealth.js';
import { workerHealth } from '../processing/workerHealth.js';
import { createMetrics } from '../metrics/metrics.js';
import { registerStateGauges } from '../metrics/stateGauges.js';
import { webhookBodies } from '../delivery/webhookBodies.js';
import { definitions } from '../processes/definitions.js';
import { noInstanceEndings, startInstanceEndings } from '../processes/instanceEndings.js';
import { loadEncryptionKey } from '../secrets/encryptionKey.js';
import { rememberingOpened } from '../secrets/secretBox.js';
import { encryptionKeys } from '../payloads/keyRotation.js';
import type { Services } from '../services.js';
import { dataKeys } from '../payloads/dataKeys.js';
import { openingFeed, sealingEventStore } from '../payloads/sealingEventStore.js';
import { sealingIdempotency } from '../payloads/sealingIdempotency.js';

/** What a mode brings: its stores and transport, and where its read models are written. */
export type ModePorts = Pick<
  Services,
  | 'eventStore'
  | 'readStore'
  | 'idempotency'
  | 'feed'
  | 'claims'
  | 'partitions'
  | 'projector'
  | 'payloadKeys'
> & {
  /** Made by the mode when its stores' workers (the projector) start before the services. */
  health?: WorkerHealth;
};

/**
 * The services every part of the program uses, over the ports of either mode: the keys (from the
 * environment, or the data folder's files in the embedded mode), metrics and the definitions.
 */
export const assembleServices = async (
  config: Config,
  logger: Logger,
  ports: ModePorts,
): Promise<{ services: Services; adminKey: BootstrapKey }> => {
  const adminKey = bootstrapAdminKey(config.adminKey, config.dataDir);
  const secrets = rememberingOpened(
    await encryptionKeys(
      loadEncryptionKey(config.encryptionKey, config.dataDir),
      ports.payloadKeys,
    ),
  );
  // The ports carry payloads sealed; everything above them reads and writes them opened.
  const keys = dataKeys(ports.payloadKeys, secrets, {
    ...(config.payloadRetentionMs !== undefined && { retentionMs: config.payloadRetentionMs }),
  });
  const now = () => new Date();
  const health = ports.health ?? workerHealth(logger, now);
  const eventStore = sealingEventStore(ports.eventStore, keys, {
    seal: config.payloadEncryption,
    now,
  });
  const services: Services = {
    ...ports,
    eventStore,
    sealedLog: ports.eventStore,
    dataKeys: keys,
    feed: openingFeed(ports.feed, keys),
    idempotency: sealingIdempotency(ports.idempotency, keys, {
      seal: config.payloadEncryption,
      now,
    }),
    config,
    authenticate: authenticator(ports.readStore, adminKey.key),
    secrets,
    logger,
    health,
    metrics: createMetrics(),
    now,
    eventTypes: eventTypeCatalog(eventStore),
    definitions: definitions({ readStore: ports.readStore, secrets }),
    // Only a run asked for through the API is waited for: other processes do not follow the
    // instances' streams for it.
    instanceEndings: config.roles.includes('api')
      ? await startInstanceEndings({ eventStore, logger, health })
      : noInstanceEndings,
    webhookBodies: webhookBodies(),
    hostResolver: hostResolver({
      servers: config.guards.dnsServers,
      timeoutMs: config.guards.dnsTimeoutMs,
      lookupsPerMerchant: config.guards.dnsLookupsPerMerchant,
    }),
  };
  registerStateGauges(services.metrics.registry, services);
  return { services, adminKey };
};

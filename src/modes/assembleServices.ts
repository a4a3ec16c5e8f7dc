import { hostResolver } from '../../adapters/dns/hostResolver.js';
import { authenticator } from '../auth/authenticate.js';
import { eventTypeCatalog } from '../catalog/eventTypeCatalog.js';
import type { BootstrapKey } from '../auth/bootstrapKey.js';
import { bootstrapAdminKey } from '../auth/bootstrapKey.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { createMetrics } from '../metrics/metrics.js';
import { registerStateGauges } from '../metrics/stateGauges.js';
import { webhookBodies } from '../delivery/webhookBodies.js';
import { definitions } from '../processes/definitions.js';
import { startInstanceEndings } from '../processes/instanceEndings.js';
import { loadEncryptionKey } from '../secrets/encryptionKey.js';
import { rememberingOpened, secretBox } from '../secrets/secretBox.js';
import type { Services } from '../services.js';

/** What a mode brings: its stores and transport, and where its read models are written. */
export type ModePorts = Pick<
  Services,
  'eventStore' | 'readStore' | 'idempotency' | 'feed' | 'claims' | 'partitions' | 'projector'
>;

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
    secretBox(loadEncryptionKey(config.encryptionKey, config.dataDir)),
  );
  const services: Services = {
    ...ports,
    config,
    authenticate: authenticator(ports.readStore, adminKey.key),
    secrets,
    logger,
    metrics: createMetrics(),
    now: () => new Date(),
    eventTypes: eventTypeCatalog(ports.eventStore),
    definitions: definitions({ readStore: ports.readStore, secrets }),
    instanceEndings: await startInstanceEndings({ eventStore: ports.eventStore, logger }),
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

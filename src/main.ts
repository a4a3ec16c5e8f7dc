import { ConfigError, loadConfig } from './config/config.js';
import { createLogger } from './logging/logger.js';

const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`sluice: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  if (config.dev)
    logger.warn(
      {
        host: config.host,
        allow_http_urls: config.allowHttpUrls,
        allow_private_urls: config.allowPrivateUrls,
      },
      'DEVELOPMENT MODE (SLUICE_DEV): webhooks may go to http and private addresses; never run a service for real merchants so',
    );
  // Each mode loads only its own stores' clients: the embedded service never holds the
  // EventStoreDB, MongoDB and Kafka clients in memory.
  const service =
    config.mode === 'distributed'
      ? await (await import('./modes/distributed.js')).startDistributed(config, logger)
      : await (await import('./modes/embedded.js')).startEmbedded(config, logger);
  if (service.adminKey.source === 'file') {
    logger.info(
      { file: service.adminKey.file, created: service.adminKey.created },
      'the bootstrap admin key is in this file',
    );
  }

  if (service.url) {
    // The address bound (all interfaces unless HOST or development mode say otherwise), and the
    // pages to open from this machine.
    const port = new URL(service.url).port;
    logger.info(
      {
        url: service.url,
        listening_on: `${config.host}:${port}`,
        console: `${service.url}/console`,
        docs: `${service.url}/docs`,
        data_dir: config.dataDir,
        mode: config.mode,
        roles: config.roles,
      },
      'sluice is listening',
    );
  } else {
    logger.info({ mode: config.mode, roles: config.roles }, 'sluice is running');
  }
  logger.flush();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    service.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
};

main().catch((error: unknown) => {
  process.stderr.write(
    `sluice: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

import { ConfigError, loadConfig } from './config/config.js';
import { createLogger } from './logging/logger.js';
import { startEmbedded } from './modes/embedded.js';

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
  if (config.mode === 'distributed') {
    logger.fatal(
      'SLUICE_MODE=distributed is not available in this version; run the embedded mode.',
    );
    process.exit(1);
  }

  const service = await startEmbedded(config, logger);
  if (service.adminKey.source === 'file') {
    logger.info(
      { file: service.adminKey.file, created: service.adminKey.created },
      'the bootstrap admin key is in this file',
    );
  }

  logger.info(
    { url: service.url, data_dir: config.dataDir, mode: config.mode },
    'sluice is listening',
  );
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

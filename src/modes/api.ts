import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientErrors } from '../http/clientError.js';
import { createApp } from '../http/app.js';
import {
  dropTimedOutClients,
  limitConnections,
  serverFor,
  timeoutOptions,
} from '../http/server.js';
import type { Services } from '../services.js';

const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const EXPIRE_EVERY_MS = 3600_000;

export type RunningApi = { url: string; close: () => Promise<void> };

/** The HTTP API on the configured port, and the hourly expiry of old idempotency keys. */
export const startApi = async (services: Services): Promise<RunningApi> => {
  const { config, logger, idempotency } = services;
  const expireOldKeys = () => {
    idempotency.expire(new Date(Date.now() - IDEMPOTENCY_TTL_MS)).catch((err: unknown) => {
      logger.warn({ err }, 'could not expire idempotency keys');
    });
  };
  // At start too: a server restarted more often than the interval would otherwise never sweep.
  expireOldKeys();
  const expireIdempotencyKeys = setInterval(expireOldKeys, EXPIRE_EVERY_MS);
  expireIdempotencyKeys.unref();

  const limits = config.guards;
  const server: Server = serverFor(createApp(services), timeoutOptions(limits));
  limitConnections(server, limits);
  // Idle connections outlive a client's usual keep-alive (and a load balancer's 60 s), so that a
  // client never reuses a socket the server is closing. The per-address cap bounds what idle
  // sockets can hold.
  server.keepAliveTimeout = 65_000;
  answerClientErrors(server);
  dropTimedOutClients(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  return {
    url: `http://${host}:${port}`,
    close: async () => {
      clearInterval(expireIdempotencyKeys);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { limitConnections, timeoutOptions } from '../http/server.js';
import { authenticationFailures } from '../http/middleware/authenticationFailures.js';
import { clientAddress } from '../http/middleware/clientAddress.js';
import { metricsAccess } from '../metrics/metricsAccess.js';
import { notReadyBecause, readiness } from '../processing/readiness.js';
import type { Services } from '../services.js';

/**
 * What a process of the worker roles (no API) answers its orchestrator's health checks with:
 * `/healthz` while it runs, `/readyz` while its stores answer and no worker's loop is failing (so
 * a process cut off from them is seen, and restarted if that lasts), and `/metrics`, its own figures. Its connections are limited as the API's
 * are: the port may be as reachable as the API's would be.
 */
export const startWorkerHealth = async (
  services: Pick<Services, 'config' | 'eventStore' | 'readStore' | 'metrics' | 'health'>,
  where: { port: number; host: string },
): Promise<{ url: string; close: () => Promise<void> }> => {
  const { guards } = services.config;
  // The orchestrator scrapes from its own address: no proxy stands between, none is believed.
  const metricsAnswer = metricsAccess(
    services.config.metricsToken,
    authenticationFailures({
      burst: guards.authFailureBurst,
      perMinute: guards.authFailuresPerMinute,
    }),
  );
  const server = createServer(timeoutOptions(guards), (req, res) => {
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(body));
    if (req.method !== 'GET') return answer(405, { status: 'method not allowed' });
    if (req.url === '/healthz') return answer(200, { status: 'ok' });
    if (req.url === '/readyz') {
      void readiness(services).then(({ ready, ...found }) =>
        ready
          ? answer(200, { status: 'ready', ...found })
          : answer(
              503,
              { status: 'unavailable', detail: notReadyBecause(found), ...found },
              { 'retry-after': '1' },
            ),
      );
      return;
    }
    if (req.url === '/metrics') {
      const access = metricsAnswer(
        req.headers.authorization,
        clientAddress(req.socket) ?? 'unknown',
      );
      if (access.status === 429)
        return answer(
          429,
          { status: 'rate limited', detail: 'Too many metrics tokens were not valid.' },
          { 'retry-after': String(access.retryAfter) },
        );
      if (access.status === 401)
        return answer(401, { status: 'unauthorized', detail: 'The metrics need a bearer token.' });
      void services.metrics.registry.metrics().then(
        (text) =>
          res.writeHead(200, { 'content-type': services.metrics.registry.contentType }).end(text),
        () => answer(500, { status: 'metrics failed' }),
      );
      return;
    }
    answer(404, { status: 'not found' });
  });
  limitConnections(server, guards);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${where.host}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

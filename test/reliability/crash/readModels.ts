import { readAll } from './log.js';
import type { RestartingServer } from './restartingServer.js';

/**
 * Everything the read routes show, as one document: keys, definitions, and per merchant its
 * endpoints (each with its attempts and messages), events and process instances.
 */
export const readModels = async (server: RestartingServer, merchants: readonly string[]) => {
  const document: Record<string, unknown> = {
    api_keys: await readAll(server, '/v1/api-keys'),
    definitions: await readAll(server, '/v1/process-definitions'),
  };
  for (const merchant of merchants) {
    const endpoints = await readAll(server, `/v1/webhooks?merchant_id=${merchant}`);
    for (const endpoint of endpoints) {
      endpoint.attempts = await readAll(server, `/v1/webhooks/${endpoint.id}/attempts`);
      endpoint.messages = await readAll(server, `/v1/webhooks/${endpoint.id}/messages`);
    }
    document[merchant] = {
      endpoints,
      events: await readAll(server, `/v1/events?merchant_id=${merchant}`),
      instances: await readAll(server, `/v1/process-instances?merchant_id=${merchant}`),
    };
  }
  return document;
};

/** Rebuilds every projection through the admin route, and waits until each is live again. */
export const rebuildAll = async (server: RestartingServer): Promise<string[]> => {
  const listed = await server.call('GET', '/v1/admin/projections');
  const names = (listed.body.data as Array<{ name: string }>).map((p) => p.name);
  for (const name of names) {
    const res = await server.call('POST', `/v1/admin/projections/${name}/rebuild`);
    if (res.status !== 202) throw new Error(`rebuild ${name}: ${res.status}`);
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await server.call('GET', '/v1/admin/projections');
    const projections = status.body.data as Array<{ status: string; rebuild: unknown }>;
    if (projections.every((p) => p.status === 'live' && p.rebuild === null)) return names;
    if (Date.now() > deadline) throw new Error(`rebuilds not done: ${JSON.stringify(projections)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

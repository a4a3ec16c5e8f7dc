import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleDefinitions } from './processes/definitions.js';

/**
 * Publishes and activates the example process definitions on a running service:
 * `npm run examples` (SLUICE_URL, default http://127.0.0.1:8080; the admin key from
 * SLUICE_ADMIN_KEY or the data folder's admin.key).
 */
const baseUrl = process.env.SLUICE_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

const stop = (message: string): never => {
  process.stderr.write(`npm run examples: ${message}\n`);
  process.exit(1);
};

const keyFile = join(process.env.SLUICE_DATA_DIR ?? './data', 'admin.key');
const readAdminKey = (): string => {
  try {
    return readFileSync(keyFile, 'utf8').trim();
  } catch {
    return stop(
      `no admin key: ${keyFile} is missing. Start the service from this folder first (npm run dev), or set SLUICE_ADMIN_KEY.`,
    );
  }
};
const adminKey = process.env.SLUICE_ADMIN_KEY ?? readAdminKey();

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() =>
    stop(`no service answers at ${baseUrl}: start it first (npm run dev), or set SLUICE_URL.`),
  );
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) stop(`${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
};

for (const definition of exampleDefinitions) {
  const published = await post('/v1/process-definitions', definition);
  await post(`/v1/process-definitions/${definition.id}/activate`, { version: published.version });
  process.stdout.write(`${definition.id} v${String(published.version)} is active\n`);
}

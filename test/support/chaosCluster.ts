import { randomBytes } from 'node:crypto';
import type { ApiClient } from './apiClient.js';
import { apiClient } from './apiClient.js';
import { FAST_DELIVERY } from './delivery.js';
import type { PrivatePostgres } from './privatePostgres.js';
import type { ServerProcess } from './serverProcess.js';
import { startServerProcess } from './serverProcess.js';
import { tempDir } from './tempDir.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The distributed deployment as an operator runs it past one machine: each role in processes of
 * its own, two of each, on a PostgreSQL server that the test owns. The relay has nothing to do on
 * PostgreSQL (the feed is the log itself), so it has no process.
 */
export const CHAOS_ROLES = [
  'api',
  'api',
  'projector',
  'projector',
  'dispatcher',
  'dispatcher',
  'executor',
  'executor',
] as const;

export type RoleProcess = { roles: string; server: ServerProcess; api: ApiClient };

export type ChaosCluster = {
  processes: readonly RoleProcess[];
  /** The processes that serve the API as their role (the load goes through them). */
  apis: readonly ApiClient[];
  /** The projector processes that hold the role now, as their own logs say (a frozen one too). */
  activeProjectors: () => RoleProcess[];
  /** Resolves with the last process to say it is ready, and when; rejects after `ms`. */
  allReadyWithin: (ms: number) => Promise<Readied>;
  /** Processes that have exited (none may). */
  exited: () => RoleProcess[];
  close: () => Promise<void>;
};

/** What a process's log last said of its holding the projector role. */
const holdsProjector = (output: string): boolean => {
  let holds = false;
  for (const line of output.split('\n')) {
    if (!line.includes('"role":"projector"')) continue;
    if (line.includes('now the active one')) holds = true;
    else if (line.includes('no longer held here')) holds = false;
  }
  return holds;
};

/** When the process said it is ready, and why it was not before. */
type Readied = { at: number; roles: string; lastRefusal: string };

const readyWithin = async ({ api, roles, server }: RoleProcess, ms: number): Promise<Readied> => {
  const deadline = performance.now() + ms;
  let lastRefusal = '';
  for (;;) {
    const ready = await api
      .get('/readyz')
      .catch((err: Error) => ({ status: 0, text: err.message }));
    if (ready.status === 200) return { at: performance.now(), roles, lastRefusal };
    lastRefusal = `${ready.status} ${ready.text}`;
    if (performance.now() > deadline)
      throw new Error(
        `${roles} not ready within ${ms} ms: ${lastRefusal}\n${server.output().slice(-3000)}`,
      );
    await sleep(200);
  }
};

export const startChaosCluster = async (
  pg: PrivatePostgres,
  env: Record<string, string>,
): Promise<ChaosCluster> => {
  const folders: Array<ReturnType<typeof tempDir>> = [];
  const shared = {
    ...FAST_DELIVERY,
    SLUICE_MODE: 'distributed',
    POSTGRES_URL: pg.url,
    SLUICE_POSTGRES_SCHEMA: `chaos_${randomBytes(6).toString('hex')}`,
    SLUICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SLUICE_ALLOW_HTTP_URLS: 'true',
    SLUICE_ALLOW_PRIVATE_URLS: 'true',
    // Eight processes share the server's connections, as they would share a managed database's.
    SLUICE_POSTGRES_POOL_SIZE: '6',
    SLUICE_POSTGRES_CONNECT_TIMEOUT_MS: '2000',
    ...env,
  };
  const start = async (roles: string): Promise<RoleProcess> => {
    const folder = tempDir();
    folders.push(folder);
    const server = await startServerProcess({
      ...shared,
      // Every process has the API too, so that the test knows when it listens and asks it /readyz.
      SLUICE_ROLES: roles === 'api' ? roles : `api,${roles}`,
      SLUICE_DATA_DIR: folder.path,
    });
    return { roles, server, api: apiClient(server.url) };
  };
  // The first process migrates the schema; the others start beside each other.
  const first = await start(CHAOS_ROLES[0]);
  const processes = [first, ...(await Promise.all(CHAOS_ROLES.slice(1).map(start)))];
  return {
    processes,
    apis: processes.filter((p) => p.roles === 'api').map((p) => p.api),
    activeProjectors: () =>
      processes.filter((p) => p.roles === 'projector' && holdsProjector(p.server.output())),
    allReadyWithin: async (ms) =>
      (await Promise.all(processes.map((p) => readyWithin(p, ms)))).reduce((last, p) =>
        p.at > last.at ? p : last,
      ),
    exited: () => processes.filter((p) => p.server.child.exitCode !== null),
    close: async () => {
      for (const { server } of processes) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      for (const folder of folders) folder.remove();
    },
  };
};

/**
 * The two deployments the scale-out benchmark compares, each built as `npm start` runs it: the
 * embedded mode in one process, and the distributed mode on PostgreSQL with each role in processes
 * of its own. Requests go to the API processes in turn, as a load balancer would send them.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { api, serverEnv } from './delivery.js';
import { cpuSecondsOf, postgresCpuBetween, postgresCpuSeconds } from './cpuTime.js';
import type { BenchServer } from './serverProcess.js';
import { startBenchServer } from './serverProcess.js';

export type Deployment = {
  name: string;
  /** One call to the API, through the next API process in turn. */
  call: ReturnType<typeof api>;
  /**
   * A reading of the CPU used so far; its `since` gives the CPU seconds used from then on, by role
   * (`postgres`: the machine's PostgreSQL, where the deployment uses it).
   */
  cpu: () => { since: () => Record<string, number> };
  stop: () => Promise<void>;
};

/** How many processes of each role: the API, the dispatcher and the executor scale out. */
export type Layout = { apis: number; dispatchers: number; executors: number };

const roundRobin = (servers: readonly BenchServer[]): ReturnType<typeof api> => {
  const calls = servers.map((server) => api(server.url));
  let next = 0;
  return (method, path, body) => calls[next++ % calls.length]!(method, path, body);
};

type Process = { role: string; server: BenchServer };

const cpuReading = (processes: readonly Process[], postgres: boolean) => {
  const read = () => processes.map(({ server }) => cpuSecondsOf(server.child.pid!));
  const servicesBefore = read();
  const postgresBefore = postgres ? postgresCpuSeconds() : undefined;
  return {
    since: () => {
      const used: Record<string, number> = {};
      read().forEach((seconds, i) => {
        const role = processes[i]!.role;
        used[role] = (used[role] ?? 0) + seconds - servicesBefore[i]!;
      });
      if (postgresBefore)
        used['postgres'] = postgresCpuBetween(postgresBefore, postgresCpuSeconds());
      return used;
    },
  };
};

/** The CPU seconds of every role and PostgreSQL together. */
export const totalCpu = (used: Record<string, number>): number =>
  Object.values(used).reduce((sum, seconds) => sum + seconds, 0);

const deploymentOf = (
  name: string,
  processes: Process[],
  apis: BenchServer[],
  postgres: boolean,
): Deployment => ({
  name,
  call: roundRobin(apis),
  cpu: () => cpuReading(processes, postgres),
  stop: async () => {
    for (const { server } of processes.reverse()) await server.stop();
  },
});

/** The embedded mode, as `npm start` runs it. */
export const startEmbedded = async (
  dir: string,
  env: Record<string, string> = {},
): Promise<Deployment> => {
  const server = await startBenchServer({ ...serverEnv(dir), SLUICE_MODE: 'embedded', ...env });
  return deploymentOf('embedded', [{ role: 'all', server }], [server], false);
};

/**
 * The distributed mode on PostgreSQL (`url`, in `schema`): one projector, and the API,
 * dispatcher and executor processes `layout` asks for, each in a process of its own.
 */
export const startSplit = async (
  dir: string,
  url: string,
  schema: string,
  layout: Layout,
  env: Record<string, string> = {},
): Promise<Deployment> => {
  const shared = {
    SLUICE_MODE: 'distributed',
    POSTGRES_URL: url,
    SLUICE_POSTGRES_SCHEMA: schema,
    SLUICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...env,
  };
  const processes: Process[] = [];
  const apis: BenchServer[] = [];
  const start = async (role: string, n: number) => {
    // Each process its own data folder: only the quarantine of bad payloads lives there.
    const own = join(dir, `${role}-${n}`);
    mkdirSync(own, { recursive: true });
    const server = await startBenchServer({ ...serverEnv(own), ...shared, SLUICE_ROLES: role });
    processes.push({ role, server });
    return server;
  };
  try {
    // The projector first: it makes the schema's read models, which the others read.
    await start('projector', 1);
    for (let n = 1; n <= layout.apis; n++) apis.push(await start('api', n));
    for (let n = 1; n <= layout.dispatchers; n++) await start('dispatcher', n);
    for (let n = 1; n <= layout.executors; n++) await start('executor', n);
  } catch (error) {
    for (const { server } of processes.reverse()) await server.stop();
    throw error;
  }
  const layoutName = `${layout.apis} api, projector, ${layout.dispatchers} dispatcher${layout.dispatchers > 1 ? 's' : ''}, ${layout.executors} executor${layout.executors > 1 ? 's' : ''}`;
  return deploymentOf(`PostgreSQL, ${layoutName}`, processes, apis, true);
};

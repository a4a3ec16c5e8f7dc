import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { ApiClient } from './apiClient.js';
import { apiClient } from './apiClient.js';
import type { Received } from './receiver.js';
import { MAIN } from './serverProcess.js';

/** One process of the distributed mode, started as `node dist/src/main.js` with some roles. */
export type RoleProcess = {
  roles: string;
  child: ChildProcess;
  /** The API's address; undefined for a process without the api role. */
  url: string | undefined;
  api: ApiClient | undefined;
  exited: Promise<number | null>;
  /** Whether the test killed it (SIGKILL or the final stop), as opposed to it exiting by itself. */
  killed: boolean;
  /** The end of its output, for a failure's report. */
  tail: () => string;
};

const TAIL_CHARS = 16_000;
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const MAX_ERROR_LINES = 20;
const READY = /sluice is (listening|running)/;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `condition` until it holds (true) or the deadline passes (false). A deadline given as a
 * function is read at each turn, so that it may move while the poll runs.
 */
export const until = async (
  condition: () => boolean | Promise<boolean>,
  deadline: number | (() => number),
  everyMs = 250,
): Promise<boolean> => {
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= (typeof deadline === 'number' ? deadline : deadline())) return false;
    await sleep(everyMs);
  }
};

/**
 * The roles of one deployment as separate OS processes on one environment: started one at a time,
 * killed one at a time, and all stopped at the end (SIGTERM, then SIGKILL for a process that does
 * not exit in time). A test process that dies takes its children with it.
 */
export const roleCluster = (env: Record<string, string>) => {
  const started: RoleProcess[] = [];
  const errorLines: string[] = [];
  const killEveryone = () => {
    for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  };
  process.once('exit', killEveryone);

  const spawnRole = (roles: string): Promise<RoleProcess> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
        // The card's servers are blanked: set beside POSTGRES_URL they would stop the start.
        env: {
          ...process.env,
          EVENTSTORE_URL: '',
          MONGO_URL: '',
          KAFKA_BROKERS: '',
          HOST: '127.0.0.1',
          PORT: '0',
          ...env,
          SLUICE_ROLES: roles,
          // Info at least: the line saying the process is up is an info line.
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const role: RoleProcess = {
        roles,
        child,
        url: undefined,
        api: undefined,
        exited: new Promise((done) => child.on('exit', (code) => done(code))),
        killed: false,
        tail: () => output,
      };
      started.push(role);
      let ready = false;
      const timer = setTimeout(() => {
        role.killed = true;
        child.kill('SIGKILL');
        reject(new Error(`${roles} did not start in ${START_TIMEOUT_MS} ms:\n${output}`));
      }, START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        for (const line of text.split('\n'))
          if (/"level":(50|60)/.test(line) && errorLines.length < MAX_ERROR_LINES)
            errorLines.push(`${roles}: ${line.slice(0, 1000)}`);
        // Only the end is kept: the API processes log a line per request.
        output = (output + text).slice(-TAIL_CHARS);
        if (ready) return;
        const line = output.split('\n').find((l) => READY.test(l));
        if (!line) return;
        ready = true;
        clearTimeout(timer);
        const url = /"url":"(http:\/\/[^"]+)"/.exec(line)?.[1];
        if (url) Object.assign(role, { url, api: apiClient(url) });
        resolve(role);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void role.exited.then((code) => {
        clearTimeout(timer);
        if (!ready) reject(new Error(`${roles} exited with ${code} before it was up:\n${output}`));
      });
    });

  const stop = async (p: RoleProcess) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return;
    p.killed = true;
    p.child.kill('SIGTERM');
    const timer = setTimeout(() => p.child.kill('SIGKILL'), STOP_GRACE_MS);
    await p.exited;
    clearTimeout(timer);
  };

  return {
    start: spawnRole,
    /** The processes of exactly these roles that still run. */
    running: (roles: string) =>
      started.filter(
        (p) =>
          p.roles === roles &&
          p.child.exitCode === null &&
          p.child.signalCode === null &&
          !p.killed,
      ),
    kill: async (p: RoleProcess) => {
      p.killed = true;
      p.child.kill('SIGKILL');
      await p.exited;
    },
    /** Processes that ended without the test ending them: each is a fault of the service. */
    exitedByThemselves: () =>
      started
        .filter((p) => !p.killed && (p.child.exitCode !== null || p.child.signalCode !== null))
        .map(
          (p) => `${p.roles} exited with ${p.child.exitCode ?? p.child.signalCode}:\n${p.tail()}`,
        ),
    errorLines: () => errorLines.slice(),
    stopAll: async () => {
      await Promise.all(started.map(stop));
      process.off('exit', killEveryone);
    },
  };
};

export type RoleCluster = ReturnType<typeof roleCluster>;

/** What one endpoint (one path of the receiver) was sent. */
export type EndpointTally = {
  requests: number;
  /** Distinct `webhook-id`s. */
  ids: Set<string>;
  /** Requests whose `webhook-id` is not the id of the event they carry. */
  mislabelled: number;
  arrivals: number[];
};

export const tallyByPath = (received: readonly Received[]): Map<string, EndpointTally> => {
  const tallies = new Map<string, EndpointTally>();
  for (const request of received) {
    let tally = tallies.get(request.path);
    if (!tally) {
      tally = { requests: 0, ids: new Set(), mislabelled: 0, arrivals: [] };
      tallies.set(request.path, tally);
    }
    const id = String(request.headers['webhook-id']);
    tally.requests++;
    tally.ids.add(id);
    if (request.body?.id !== id) tally.mislabelled++;
    tally.arrivals.push(request.at);
  }
  return tallies;
};

/** The most arrivals within any window of `windowMs` (a sliding window over sorted times). */
export const busiestWindow = (arrivals: readonly number[], windowMs = 1000): number => {
  const times = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
};

/** Every item of a list route, page after page along its cursor. */
export const readAll = async (api: ApiClient, key: string, path: string): Promise<unknown[]> => {
  const items: unknown[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page = `${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api.get(page, key);
    if (res.status !== 200) throw new Error(`GET ${page}: ${res.status} ${res.text.slice(0, 500)}`);
    items.push(...(res.body.data as unknown[]));
    cursor = res.body.next_cursor as string | null;
  } while (cursor);
  return items;
};

/** Several list routes read whole, one after the other, keyed by route. */
export const readRoutes = async (
  api: ApiClient,
  key: string,
  paths: readonly string[],
): Promise<Record<string, unknown[]>> => {
  const document: Record<string, unknown[]> = {};
  for (const path of paths) document[path] = await readAll(api, key, path);
  return document;
};

/** Where two JSON values first differ, as a path and both sides; undefined when they are equal. */
export const firstDifference = (a: unknown, b: unknown, path = '$'): string | undefined => {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  const bothObjects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null;
  if (!bothObjects || Array.isArray(a) !== Array.isArray(b))
    return `${path}: ${JSON.stringify(a)?.slice(0, 300)} then ${JSON.stringify(b)?.slice(0, 300)}`;
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length)
    return `${path}: ${a.length} items then ${b.length}`;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    const found = firstDifference(left[key], right[key], `${path}.${key}`);
    if (found) return found;
  }
  // Same members, different order of keys.
  return `${path}: the same members in another order`;
};

type ProjectionStatus = { name: string; status: string; lag: number; rebuild: unknown };

/** The projections as the projector process reports them. */
export const projectionStatuses = async (
  ops: ApiClient,
  key: string,
): Promise<ProjectionStatus[]> => {
  const res = await ops.get('/v1/admin/projections', key);
  if (res.status !== 200) throw new Error(`projections: ${res.status} ${res.text.slice(0, 500)}`);
  return res.body.data as ProjectionStatus[];
};

export const allLiveAndCaughtUp = (statuses: readonly ProjectionStatus[]): boolean =>
  statuses.every((p) => p.status === 'live' && p.rebuild === null && p.lag === 0);

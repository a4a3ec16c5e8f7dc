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
  /** A client of its API; undefined for a process without the api role. */
  api: ApiClient | undefined;
  exited: Promise<number | null>;
  /** Whether the test ended it, as opposed to it exiting by itself. */
  killed: boolean;
  /** The end of its output, for a failure's report. */
  tail: () => string;
};

const TAIL_CHARS = 16_000;
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const KEPT_ERROR_LINES = 20;
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

const ended = (p: RoleProcess) => p.child.exitCode !== null || p.child.signalCode !== null;

/**
 * The roles of one deployment as separate OS processes sharing one environment: started and
 * killed one at a time, and all stopped at the end (SIGTERM, then SIGKILL for a process that does
 * not exit in time). Should the test process die, its children die with it.
 */
export const roleCluster = (env: Record<string, string>) => {
  const started: RoleProcess[] = [];
  const errors = { count: 0, first: [] as string[] };
  const killEveryone = () => started.forEach((p) => ended(p) || p.child.kill('SIGKILL'));
  process.once('exit', killEveryone);

  const start = (roles: string): Promise<RoleProcess> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
        // The card's servers are blanked: beside POSTGRES_URL they would stop the start.
        env: {
          ...{ ...process.env, EVENTSTORE_URL: '', MONGO_URL: '', KAFKA_BROKERS: '' },
          ...{ HOST: '127.0.0.1', PORT: '0', ...env, SLUICE_ROLES: roles },
          // The line that says the process is up is an info line.
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<number | null>((done) => child.on('exit', done));
      const role: RoleProcess = { roles, child, api: undefined, exited, killed: false, tail: () => output };
      started.push(role);
      let ready = false;
      const timer = setTimeout(() => {
        role.killed = true;
        child.kill('SIGKILL');
        reject(new Error(`${roles} did not start in ${START_TIMEOUT_MS} ms:\n${output}`));
      }, START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        for (const line of text.split('\n').filter((l) => /"level":(50|60)/.test(l))) {
          if (errors.count++ < KEPT_ERROR_LINES) errors.first.push(`${roles}: ${line.slice(0, 600)}`);
        }
        // Only the end is kept: an API process logs a line per request.
        output = (output + text).slice(-TAIL_CHARS);
        const line = ready ? undefined : output.split('\n').find((l) => READY.test(l));
        if (!line) return;
        ready = true;
        clearTimeout(timer);
        const url = /"url":"(http:\/\/[^"]+)"/.exec(line)?.[1];
        resolve(Object.assign(role, { api: url ? apiClient(url) : undefined }));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        if (!ready) reject(new Error(`${roles} exited with ${code} before it was up:\n${output}`));
      });
    });

  const stop = async (p: RoleProcess) => {
    if (ended(p)) return;
    p.killed = true;
    p.child.kill('SIGTERM');
    const timer = setTimeout(() => p.child.kill('SIGKILL'), STOP_GRACE_MS);
    await p.exited;
    clearTimeout(timer);
  };

  return {
    start,
    /** The processes of exactly these roles that still run. */
    running: (roles: string) => started.filter((p) => p.roles === roles && !ended(p) && !p.killed),
    kill: async (p: RoleProcess) => {
      p.killed = true;
      p.child.kill('SIGKILL');
      await p.exited;
    },
    /** Processes that ended without the test ending them: each is a fault of the service. */
    exitedByThemselves: () =>
      started
        .filter((p) => !p.killed && ended(p))
        .map((p) => `${p.roles} exited with ${p.child.exitCode ?? p.child.signalCode}:\n${p.tail()}`),
    /** The first error lines the processes logged, and how many they logged in all. */
    errors: () => ({ count: errors.count, first: errors.first.slice() }),
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
    if (!tally) tallies.set(request.path, (tally = { requests: 0, ids: new Set(), mislabelled: 0, arrivals: [] }));
    const id = String(request.headers['webhook-id']);
    tally.requests++;
    tally.ids.add(id);
    if (request.body?.id !== id) tally.mislabelled++;
    tally.arrivals.push(request.at);
  }
  return tallies;
};

/** How many of the expected (path, event id) pairs the receiver has not seen yet. */
export const missingPairs = (expected: Map<string, string[]>, received: readonly Received[]) => {
  const tallies = tallyByPath(received);
  let missing = 0;
  for (const [path, ids] of expected) {
    const seen = tallies.get(path)?.ids ?? new Set();
    missing += ids.filter((id) => !seen.has(id)).length;
  }
  return missing;
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

/** Several list routes, each read whole along its cursor, keyed by route. */
export const readRoutes = async (api: ApiClient, key: string, paths: readonly string[]) => {
  const document: Record<string, unknown[]> = {};
  for (const path of paths) {
    const items: unknown[] = (document[path] = []);
    let cursor: string | null = null;
    do {
      const page = `${path}${path.includes('?') ? '&' : '?'}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await api.get(page, key);
      if (res.status !== 200) throw new Error(`GET ${page}: ${res.status} ${res.text.slice(0, 500)}`);
      items.push(...(res.body.data as unknown[]));
      cursor = res.body.next_cursor as string | null;
    } while (cursor);
  }
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
  return `${path}: the same members in another order`;
};

type ProjectionStatus = { name: string; status: string; lag: number; rebuild: unknown };

/**
 * Waits (a minute at most) until the projector process reports every projection live, with no
 * rebuild under way and nothing left to apply, and returns their names. An answer that breaks the
 * API's contract is noted in `faults` and waited past.
 */
export const settledProjections = async (
  ops: ApiClient,
  key: string,
  faults: string[],
  what: string,
): Promise<string[]> => {
  let last: ProjectionStatus[] = [];
  const settled = async () => {
    try {
      const res = await ops.get('/v1/admin/projections', key);
      if (res.status !== 200) throw new Error(`${res.status} ${res.text.slice(0, 300)}`);
      last = res.body.data as ProjectionStatus[];
    } catch (error) {
      const fault = `GET /v1/admin/projections: ${String(error).slice(0, 600)}`;
      if (!faults.includes(fault)) faults.push(fault);
      return false;
    }
    return last.every((p) => p.status === 'live' && p.rebuild === null && p.lag === 0);
  };
  if (!(await until(settled, Date.now() + 60_000))) {
    const where = last.map((p) => `${p.name} ${p.status} lag ${p.lag}`).join(', ');
    throw new Error(`The projections did not settle (${what}): ${where}`);
  }
  return last.map((p) => p.name);
};

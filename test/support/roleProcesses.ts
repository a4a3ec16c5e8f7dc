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
  output: string;
};

const TAIL_CHARS = 16_000;
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const KEPT_ERROR_LINES = 20;
const READY = /sluice is (listening|running)/;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds (true) or the deadline passes (false); an object's may move. */
export const until = async (
  condition: () => boolean | Promise<boolean>,
  deadline: number | { deadline: number },
  everyMs = 250,
): Promise<boolean> => {
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= (typeof deadline === 'number' ? deadline : deadline.deadline)) return false;
    await sleep(everyMs);
  }
};

/** Notes each write not answered 2xx, and each read that misses an acknowledged write. */
export const writeLedger = (key: string) => {
  const ledger = {
    failures: [] as string[],
    staleReads: [] as string[],
    readsChecked: 0,
    /** The write's answer body when 2xx, else undefined (and the failure noted). */
    written: async (what: string, call: () => Promise<any>) => {
      try {
        const res = await call();
        if (res.status >= 200 && res.status < 300) return res.body as Record<string, any>;
        ledger.failures.push(`${what}: ${res.status} ${String(res.text).slice(0, 300)}`);
      } catch (error) {
        ledger.failures.push(`${what}: ${String(error).slice(0, 300)}`);
      }
      return undefined;
    },
    /** The write's answer body; a write that fails throws, naming every failure so far. */
    required: async (what: string, call: () => Promise<any>) => {
      const body = await ledger.written(what, call);
      if (!body) throw new Error(ledger.failures.join('\n'));
      return body;
    },
    readBack: async (api: ApiClient, path: string) => {
      ledger.readsChecked++;
      const res = await api.get(path, key).catch((error: unknown) => ({ status: String(error) }));
      if (res.status !== 200) ledger.staleReads.push(`GET ${path}: ${res.status}`);
    },
  };
  return ledger;
};

const ended = (p: RoleProcess) => p.child.exitCode !== null || p.child.signalCode !== null;

/**
 * The roles of one deployment as OS processes sharing one environment, started and killed one at
 * a time, all stopped at the end (SIGTERM, then SIGKILL), and killed should the test process die.
 */
export const roleCluster = (env: Record<string, string>) => {
  const started: RoleProcess[] = [];
  const errors = { count: 0, first: [] as string[] };
  const killEveryone = () => {
    for (const p of started) if (!ended(p)) p.child.kill('SIGKILL');
  };
  process.once('exit', killEveryone);

  const start = (roles: string): Promise<RoleProcess> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--enable-source-maps', MAIN], {
        // The card's servers are blanked: beside POSTGRES_URL they would stop the start. The
        // receivers of a test are on this machine, over http.
        env: {
          ...{ ...process.env, EVENTSTORE_URL: '', MONGO_URL: '', KAFKA_BROKERS: '' },
          ...{ SLUICE_MODE: 'distributed', HOST: '127.0.0.1', PORT: '0' },
          ...{ SLUICE_ALLOW_HTTP_URLS: 'true', SLUICE_ALLOW_PRIVATE_URLS: 'true' },
          // Seven processes and the suites beside them stay well inside max_connections (100).
          SLUICE_POSTGRES_POOL_SIZE: '6',
          ...{ ...env, SLUICE_ROLES: roles },
          // The line that says the process is up is an info line.
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((done) => child.on('exit', done));
      const role: RoleProcess = { roles, child, api: undefined, exited, killed: false, output: '' };
      started.push(role);
      let ready = false;
      const timer = setTimeout(() => {
        role.killed = true;
        child.kill('SIGKILL');
        reject(new Error(`${roles} did not start in ${START_TIMEOUT_MS} ms:\n${role.output}`));
      }, START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        for (const line of text.split('\n').filter((l) => /"level":(50|60)/.test(l))) {
          if (errors.count++ < KEPT_ERROR_LINES)
            errors.first.push(`${roles}: ${line.slice(0, 600)}`);
        }
        // Only the end is kept: an API process logs a line per request.
        role.output = (role.output + text).slice(-TAIL_CHARS);
        const line = ready ? undefined : role.output.split('\n').find((l) => READY.test(l));
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
        if (!ready)
          reject(new Error(`${roles} exited with ${code} before it was up:\n${role.output}`));
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
        .map((p) => `${p.roles} exited (${p.child.exitCode ?? p.child.signalCode}):\n${p.output}`),
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

const empty = (): EndpointTally => ({ requests: 0, ids: new Set(), mislabelled: 0, arrivals: [] });

export const tallyByPath = (received: readonly Received[]): Map<string, EndpointTally> => {
  const tallies = new Map<string, EndpointTally>();
  for (const request of received) {
    const tally = tallies.get(request.path) ?? empty();
    tallies.set(request.path, tally);
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
      if (res.status !== 200)
        throw new Error(`GET ${page}: ${res.status} ${res.text.slice(0, 500)}`);
      items.push(...(res.body.data as unknown[]));
      cursor = res.body.next_cursor as string | null;
    } while (cursor);
  }
  return document;
};

/** Where two JSON values first differ, as a path and both sides; undefined when they are equal. */
export const firstDifference = (a: unknown, b: unknown, path = '$'): string | undefined => {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length)
    return `${path}: ${a.length} items then ${b.length}`;
  const records = [a, b].every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
  if (!records && !(Array.isArray(a) && Array.isArray(b)))
    return `${path}: ${JSON.stringify(a)?.slice(0, 300)} then ${JSON.stringify(b)?.slice(0, 300)}`;
  const [left, right] = [a, b] as Array<Record<string, unknown>>;
  const keys = new Set([...Object.keys(left!), ...Object.keys(right!)]);
  const found = [...keys].map((key) => firstDifference(left![key], right![key], `${path}.${key}`));
  return found.find(Boolean) ?? `${path}: the same members in another order`;
};

type ProjectionStatus = { name: string; status: string; lag: number; rebuild: unknown };

/**
 * Waits (a minute at most) until every projection is live, caught up and not rebuilding; returns
 * their names. An answer that breaks the API's contract is noted in `faults` and waited past.
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

/**
 * Rebuilds every projection through the admin route and waits until each is swapped in. A rebuild
 * whose answer breaks the contract is under way all the same: that is noted in `faults`.
 */
export const rebuildAll = async (ops: ApiClient, key: string, faults: string[]) => {
  for (const name of await settledProjections(ops, key, faults, 'before the rebuild')) {
    const path = `/v1/admin/projections/${name}/rebuild`;
    const res = await ops.post(path, key).catch((error: unknown) => {
      faults.push(`POST ${path}: ${String(error).slice(0, 600)}`);
      return undefined;
    });
    if (res && res.status !== 202)
      faults.push(`POST ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  }
  await settledProjections(ops, key, faults, 'every rebuild ended and swapped in');
};

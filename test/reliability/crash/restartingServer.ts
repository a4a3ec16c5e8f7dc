import type { ChildProcess } from 'node:child_process';
import type { ServerProcess } from '../../support/serverProcess.js';
import { startServerProcess } from '../../support/serverProcess.js';

export type Answer = { status: number; body: any };

export type RestartingServer = {
  /**
   * One API call to the server, once it is up. A call whose server was killed under it throws:
   * whether it took effect is unknown, and it is not counted as acknowledged.
   */
  call: (method: string, path: string, body?: unknown) => Promise<Answer>;
  /**
   * SIGKILL `afterMs` after the current server listens (or, `whileStarting`, after it was spawned,
   * which may be before it listens), and spawn it again at once. Says whether it was killed before
   * it listened.
   */
  killAndRestart: (
    afterMs: number,
    options?: { whileStarting?: boolean },
  ) => Promise<{ whileStarting: boolean }>;
  /** Resolves when the current server listens. */
  ready: () => Promise<void>;
  /** Starts that failed without being killed: each one is a fault of the service. */
  startFailures: () => string[];
  /** The output of the last server that listened, for a failure's report. */
  lastOutput: () => string;
  /** The error lines every server logged. */
  errorLines: () => string[];
  stop: () => Promise<void>;
};

/** The service as a child process on one data folder, killed and started again on demand. */
export const restartingServer = async (
  env: Record<string, string>,
  adminKey: string,
): Promise<RestartingServer> => {
  let child: ChildProcess | undefined;
  let spawnedAt = 0;
  let up: ServerProcess | undefined;
  let starting: Promise<ServerProcess> | undefined;
  let killing = false;
  const failures: string[] = [];
  const errorLines: string[] = [];
  let lastOutput = () => '';

  const start = () => {
    up = undefined;
    starting = startServerProcess(env, (spawned) => {
      child = spawned;
      spawnedAt = Date.now();
      // Error lines of every server, not only the last: a fault may show long before the end.
      spawned.stdout?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n'))
          if (/"level":(50|60)/.test(line)) errorLines.push(line);
      });
      spawned.once('exit', (code, signal) => {
        if (!killing) failures.push(`the server exited by itself (${code ?? signal})`);
      });
    });
    starting.then(
      (server) => {
        up = server;
        lastOutput = server.output;
      },
      (err: unknown) => {
        if (!killing) failures.push(String(err));
      },
    );
  };
  const kill = async () => {
    const victim = child!;
    if (victim.exitCode !== null || victim.signalCode !== null) return;
    const exited = new Promise((resolve) => victim.once('exit', resolve));
    killing = true;
    victim.kill('SIGKILL');
    await exited;
    // A start that the kill cut short reports its failure after the exit: let it be seen as ours.
    await starting?.catch(() => undefined);
    killing = false;
  };
  start();
  await starting;

  return {
    call: async (method, path, body) => {
      const server = up ?? (await starting!);
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    },
    killAndRestart: async (afterMs, options = {}) => {
      if (!options.whileStarting) await starting!.catch(() => undefined);
      const from = options.whileStarting ? spawnedAt : Date.now();
      await new Promise((resolve) => setTimeout(resolve, from + afterMs - Date.now()));
      const whileStarting = up === undefined;
      await kill();
      start();
      return { whileStarting };
    },
    ready: async () => {
      await starting;
    },
    startFailures: () => failures,
    lastOutput: () => lastOutput(),
    errorLines: () => errorLines,
    stop: kill,
  };
};

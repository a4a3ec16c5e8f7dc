import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ApiClient } from './apiClient.js';
import { apiClient } from './apiClient.js';
import { inPostgresMode, postgresModeEnv } from './postgresMode.js';

export const MAIN = fileURLToPath(new URL('../../src/main.js', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
};

/** Runs the service as `npm start` does (node on the built entry point), on a free port. */
export const startServerProcess = (
  env: Record<string, string>,
  /** Told of the child at once, so that it can be killed before it listens. */
  onSpawn?: (child: ChildProcess) => void,
  /** A shell command line to run instead of node on the entry point (as an npm script runs). */
  commandLine?: string,
): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    // On PostgreSQL (SLUICE_TEST_MODE=postgres) the data folder names the deployment's schema.
    const mode =
      inPostgresMode() && env.SLUICE_DATA_DIR
        ? postgresModeEnv(env.SLUICE_DATA_DIR, env.SLUICE_ADMIN_KEY)
        : {};
    const [command, args] = commandLine
      ? ['sh', ['-c', commandLine]]
      : [process.execPath, ['--enable-source-maps', MAIN]];
    const child = spawn(command, args, {
      // Info level at least: the 'listening' line tells where the server is.
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env, ...mode, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onSpawn?.(child);
    let output = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.SERVER_PROCESS_ECHO) process.stderr.write(chunk);
      const match = /"url":"(http:\/\/[^"]+)".*sluice is listening/.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });

/** Runs the service for `work` against its API, then stops it as an operator does (SIGTERM). */
export const withServerProcess = async <T>(
  env: Record<string, string>,
  work: (api: ApiClient) => Promise<T>,
): Promise<T> => {
  const server = await startServerProcess(env);
  try {
    return await work(apiClient(server.url));
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).to.equal(0);
  }
};

import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.js';

/**
 * A PostgreSQL server of a test's own, for tests that break the database (stop it, crash it,
 * restart it, exhaust it): its own data folder and port, run as the `postgres` user from the
 * machine's binaries. The machine's shared server is never touched.
 */
export type PrivatePostgres = {
  url: string;
  port: number;
  start: () => Promise<void>;
  /** `fast`: a clean shutdown; `immediate`: as a crash, no checkpoint. */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  restart: () => Promise<void>;
  /** Runs SQL as the superuser, on a connection of its own; the test's event loop goes on meanwhile. */
  sql: (statement: string) => Promise<string>;
  remove: () => Promise<void>;
};

const BIN_ROOT = '/usr/lib/postgresql';

const binaries = (): string | undefined => {
  if (!existsSync(BIN_ROOT)) return undefined;
  const version = readdirSync(BIN_ROOT).sort().pop();
  const bin = version && join(BIN_ROOT, version, 'bin');
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
};

/** Why a private server cannot run here, or undefined when it can. */
export const privatePostgresUnavailable = (): string | undefined => {
  if (!binaries()) return `no PostgreSQL binaries under ${BIN_ROOT}`;
  const asPostgres = spawnSync('runuser', ['-u', 'postgres', '--', 'true']);
  if (asPostgres.status !== 0 && process.getuid?.() !== undefined) {
    const me = spawnSync('id', ['-un']).stdout.toString().trim();
    if (me !== 'postgres') return 'the tests can run neither as root nor as the postgres user';
  }
  return undefined;
};

const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];

const run = (command: string, args: string[]) => {
  const [file, argv] = asPostgres(command, args) as [string, string[]];
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
};

/**
 * As `run`, without blocking: a test's receivers, on its own event loop, go on answering while
 * the server stops and starts (a blocked receiver would be a fault of its own).
 */
const runAsync = (command: string, args: string[]) => {
  const [file, argv] = asPostgres(command, args) as [string, string[]];
  return new Promise<string>((resolve, reject) =>
    execFile(file, argv, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
    ),
  );
};

export const startPrivatePostgres = async (
  settings: Record<string, string> = {},
): Promise<PrivatePostgres> => {
  const bin = binaries();
  if (!bin) throw new Error(privatePostgresUnavailable());
  const root = mkdtempSync(join(tmpdir(), 'sluice-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString());
    const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString());
    chownSync(root, uid, gid);
  }
  const data = join(root, 'data');
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '-N']);
  const port = await freePort();
  const options = Object.entries({
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: root,
    fsync: 'off',
    full_page_writes: 'off',
    ...settings,
  })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const ctl = (args: string[]) => runAsync(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    await ctl(['-w', '-l', join(root, 'log'), '-o', options, 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    // Already stopped: nothing to do.
    await ctl(['-w', '-m', mode, 'stop']).catch(() => undefined);
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    start,
    stop,
    restart: async () => {
      await stop('fast');
      await start();
    },
    sql: (statement) =>
      runAsync(join(bin, 'psql'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-Atc',
        statement,
      ]),
    remove: async () => {
      await stop('immediate');
      rmSync(root, { recursive: true, force: true });
    },
  };
};

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { NO_POSTGRES, postgresUrl } from './postgresSchema.js';

/**
 * The whole-service suites again, every role of the distributed mode on PostgreSQL: delivery,
 * processes, receiver faults and the crash harness, with one switch (SLUICE_TEST_MODE=postgres).
 * Left out: the server-process suite, which tests the embedded data folder (its key files), and
 * the database faults and the chaos run, which run on PostgreSQL already (a server of their own).
 */
const SUITES = [
  'dist/test/e2e/*.test.js',
  'dist/test/src/processes/*.test.js',
  'dist/test/reliability/**/*.test.js',
];
const LEFT_OUT = [
  'dist/test/e2e/serverProcess.test.js',
  'dist/test/reliability/databaseFaults.test.js',
  'dist/test/reliability/chaos.test.js',
];

if (postgresUrl === undefined || postgresUrl === '') {
  console.log(`The whole-service suites on PostgreSQL skipped: ${NO_POSTGRES}`);
} else {
  console.log('The whole-service suites again, on PostgreSQL (SLUICE_TEST_MODE=postgres)');
  const mocha = createRequire(import.meta.url).resolve('mocha/bin/mocha.js');
  const run = spawnSync(
    process.execPath,
    [
      mocha,
      // The project's configuration would add every suite: this run names its own.
      ...['--no-config', '--enable-source-maps', '--timeout', '30000', '--exit'],
      ...SUITES,
      ...LEFT_OUT.flatMap((path) => ['--ignore', path]),
    ],
    { stdio: 'inherit', env: { ...process.env, SLUICE_TEST_MODE: 'postgres' } },
  );
  process.exitCode = run.status ?? 1;
}

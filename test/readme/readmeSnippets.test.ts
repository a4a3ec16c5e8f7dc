import { expect } from 'chai';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiClient } from '../support/apiClient.js';
import { apiClient } from '../support/apiClient.js';
import type { CurlCall } from '../support/readmeShell.js';
import { curlCallsOf, writeReadmeScript } from '../support/readmeShell.js';
import type { ShellBlock } from '../support/readmeSnippets.js';
import { commandsOf, shellBlocksOf } from '../support/readmeSnippets.js';
import { tempDir } from '../support/tempDir.js';

const CHECKOUT = fileURLToPath(new URL('../../../', import.meta.url));
const README = join(CHECKOUT, 'README.md');
/** The ports the README's receiver and pricing service listen on, as a reader's would. */
const EXAMPLE_PORTS = [4000, 4100];
const SNIPPETS_TIMEOUT_MS = 40_000;

/** The environment of a fresh terminal: none of this run's own settings for the service or npm. */
const freshEnvironment = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([name, value]) =>
        value !== undefined &&
        !/^(SLUICE_|npm_|INIT_CWD$|PORT$|HOST$|LOG_LEVEL$)/.test(name) &&
        !['POSTGRES_URL', 'EVENTSTORE_URL', 'MONGO_URL', 'KAFKA_BROKERS'].includes(name),
    ) as Array<[string, string]>,
  );

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** The built server as `npm run dev` runs it, in `folder` (so its data is `folder/data`). */
const startService = (folder: string) =>
  new Promise<{ child: ChildProcess; url: string; output: () => string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/src/main.js'], {
      cwd: folder,
      env: { ...freshEnvironment(), SLUICE_DEV: 'true', PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      const match = /"url":"(http:\/\/[^"]+)".*sluice is listening/.exec(output);
      if (match) resolve({ child, url: match[1]!, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
  });

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not so after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const withoutKeys = (text: string) => text.replace(/Bearer \S+/g, 'Bearer …');

/** bash's own messages name a block's file and a line in it: the README's line says more. */
const inReadmeLines = (text: string) =>
  text.replace(
    /\S*README\.md-(\d+)\.sh: line (\d+)/g,
    (_, block: string, line: string) => `README.md:${Number(block) + Number(line) - 1}`,
  );

describe('the README’s shell snippets, pasted in order on a fresh clone', function () {
  this.timeout(90_000);
  let folder: ReturnType<typeof tempDir>;
  let service: Awaited<ReturnType<typeof startService>>;
  let admin: string;
  let api: ApiClient;
  let blocks: ShellBlock[];
  let bash: ChildProcess;
  let exitCode: number | null;
  let output = '';
  let calls: CurlCall[];

  before(async () => {
    folder = tempDir('sluice-readme-');
    for (const port of EXAMPLE_PORTS)
      expect(await portIsFree(port), `port ${port}, which the README's examples use, is taken`).to
        .be.true;
    for (const entry of ['package.json', 'dist', 'node_modules'])
      symlinkSync(join(CHECKOUT, entry), join(folder.path, entry));
    blocks = shellBlocksOf(readFileSync(README, 'utf8'));
    for (const block of blocks.filter((b) => b.notRun !== undefined))
      process.stdout.write(`      README.md:${block.line} not run: ${block.notRun}\n`);
    // `npm run dev` and `npm start` build, then start the service: the test command built it, and
    // this service, the built server in development mode in the clone's folder, stands in for them.
    service = await startService(folder.path);
    process.stdout.write(`      npm run dev and npm start: stood in for by ${service.url}\n`);
    admin = readFileSync(join(folder.path, 'data', 'admin.key'), 'utf8').trim();
    api = apiClient(service.url);

    const script = writeReadmeScript(
      folder.path,
      blocks.filter((b) => b.notRun === undefined),
    );
    bash = spawn('bash', [script], {
      cwd: folder.path,
      env: {
        ...freshEnvironment(),
        SLUICE_URL: service.url,
        README_TEST_PORT: new URL(service.url).port,
        README_TEST_DIR: folder.path,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, with whatever the snippets start in the background.
      detached: true,
    });
    bash.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    bash.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exitCode = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        output += `\nREADME test: the snippets still ran after ${SNIPPETS_TIMEOUT_MS} ms\n`;
        try {
          process.kill(-bash.pid!, 'SIGKILL');
        } catch {
          // It ended meanwhile.
        }
      }, SNIPPETS_TIMEOUT_MS);
      bash.on('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    calls = curlCallsOf(
      readFileSync(join(folder.path, 'curl.log'), { encoding: 'utf8', flag: 'a+' }),
    );
  });

  after(async () => {
    try {
      if (bash?.pid) process.kill(-bash.pid, 'SIGKILL');
    } catch {
      // Nothing of the group was left.
    }
    // The receiver and the pricing service were killed with the shell: their ports are free again
    // for whatever runs next.
    await until(
      () => Promise.all(EXAMPLE_PORTS.map(portIsFree)),
      (free) => free.every(Boolean),
      'the examples’ ports freed',
    );
    if (service) {
      const exited = new Promise((resolve) => service.child.once('exit', resolve));
      service.child.kill('SIGTERM');
      await exited;
    }
    folder?.remove();
  });

  /** The calls made to a route, by the path they end with. */
  const callsTo = (method: string, path: string) =>
    calls.filter(
      (call) =>
        call.commandLine.split(' ').some((arg) => arg.endsWith(path)) &&
        call.commandLine.includes(`-X ${method}`),
    );
  const answerOf = (call: CurlCall) => JSON.parse(readFileSync(call.answerFile, 'utf8'));

  it('runs every block not marked, in one shell, to its end', () => {
    // The end of what the shell printed: the failing block, and the line that says where.
    expect(exitCode, inReadmeLines(withoutKeys(output)).slice(-6_000)).to.equal(0);
  });

  it('gets from each curl the status its line expects: a 2xx, or the one its comment names', () => {
    const commands = new Map(blocks.map((block) => [block.line, commandsOf(block.text)]));
    const unexpected = calls
      .filter((call) => call.status !== 0)
      .flatMap((call) => {
        const command = commands
          .get(call.blockLine)
          ?.find((c) => c.firstLine <= call.lineInBlock && call.lineInBlock <= c.lastLine);
        const expected = command?.expectedStatus;
        const ok =
          expected === undefined
            ? call.status >= 200 && call.status < 300
            : call.status === expected;
        return ok
          ? []
          : [
              `README.md:${call.blockLine + call.lineInBlock - 1}: ${call.status} (expected ${expected ?? '2xx'}): ${withoutKeys(call.commandLine)}\n` +
                `    ${withoutKeys(readFileSync(call.answerFile, 'utf8')).slice(0, 300)}`,
            ];
      });
    expect(calls.length, 'curl calls made').to.be.greaterThan(0);
    expect(unexpected, unexpected.join('\n')).to.deep.equal([]);
  });

  it('shows the receiver printing the event it verified', async () => {
    await until(
      () => Promise.resolve(output),
      (text) =>
        text.split('\n').some((line) => line.startsWith('{') && /"id":"evt_invoice_7"/.test(line)),
      'the receiver printed evt_invoice_7',
    );
  });

  it('completes order.await_payment once the payment is published, and publishes order.confirmed', async () => {
    const [run] = callsTo('POST', '/v1/processes/order.await_payment/runs');
    expect(run, 'the run of order.await_payment').to.not.equal(undefined);
    const id = answerOf(run!).id as string;
    await until(
      () => api.get(`/v1/process-instances/${id}`, admin),
      (res) => res.body.status === 'completed',
      `${id} completed`,
    );
    const confirmed = await api.get('/v1/events?type=order.confirmed&merchant_id=mer_acme', admin);
    expect(
      (confirmed.body.data as Array<{ data: { payment_id?: string } }>).map(
        (e) => e.data.payment_id,
      ),
    ).to.include('pay_9c2w7d');
  });

  it('completes the parallel example, both branches run', () => {
    const [run] = callsTo('POST', '/v1/processes/order.checks/runs');
    expect(run, 'the run of order.checks').to.not.equal(undefined);
    const answer = answerOf(run!);
    expect(answer.status, JSON.stringify(answer)).to.equal('completed');
    expect(answer.steps[0].lanes).to.have.length(2);
  });

  it('gives the portal link the capability to see the endpoint’s secret', () => {
    const [link] = callsTo('POST', '/v1/portal/sessions');
    expect(link, 'the portal link').to.not.equal(undefined);
    expect(answerOf(link!).capabilities).to.include('view_secret');
  });
});

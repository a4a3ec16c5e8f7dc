import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../src/main.js', import.meta.url));

export type BenchServer = { url: string; child: ChildProcess; stop: () => Promise<void> };

/** The service as `npm start` runs it (the built entry point), in its own process, on a free port. */
export const startBenchServer = (env: Record<string, string>): Promise<BenchServer> =>
  new Promise((resolve, reject) => {
    // BENCH_SERVER_NODE_ARGS: flags for the server's node, such as `--cpu-prof` to profile it.
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, MAIN], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (output.length > 10_000) return;
      output += chunk.toString();
      // A process without the API role answers its health checks instead.
      const match =
        /"url":"(http:\/\/[^"]+)".*(sluice is listening|health checks are answered here)/.exec(
          output,
        );
      if (match) {
        output = 'x'.repeat(10_001);
        // From here on the request log is read and dropped, so that it costs the server what it
        // costs in production (a pipe) and no more.
        resolve({
          url: match[1]!,
          child,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });

/** The ceiling of the API benchmarks: bench/bareExpress.ts in its own process, on a free port. */
export const startBareExpress = () =>
  new Promise<{ url: string; stop: () => void }>((resolve, reject) => {
    const entry = fileURLToPath(new URL('./bareExpress.js', import.meta.url));
    const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', (chunk: Buffer) => {
      const { url } = JSON.parse(chunk.toString()) as { url: string };
      resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`bare express exited with ${code}`)));
  });

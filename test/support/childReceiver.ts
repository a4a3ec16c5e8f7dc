import { spawn } from 'node:child_process';

/**
 * A receiver in a process of its own, answering 204 and noting when each request arrived (ms
 * since the epoch): its clock readings are not held up by the service under test, whose event
 * loop the in-process receivers share.
 */
const SCRIPT = `
const server = require('node:http').createServer((req, res) => {
  const at = Date.now();
  req.resume();
  req.on('end', () => {
    res.writeHead(204).end();
    process.stdout.write(JSON.stringify({ at, id: req.headers['webhook-id'] ?? null }) + '\\n');
  });
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n'),
);
`;

export type ChildReceiver = {
  url: string;
  /** Arrivals so far, in the order they came. */
  arrivals: () => Array<{ at: number; id: string | null }>;
  waitFor: (count: number, timeoutMs: number) => Promise<Array<{ at: number; id: string | null }>>;
  close: () => Promise<void>;
};

export const startChildReceiver = async (): Promise<ChildReceiver> => {
  const child = spawn(process.execPath, ['-e', SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
  const arrivals: Array<{ at: number; id: string | null }> = [];
  let buffered = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the receiver exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffered.slice(0, end)) as { port?: number; at?: number };
        buffered = buffered.slice(end + 1);
        if (line.port !== undefined) resolve(line.port);
        else arrivals.push(line as { at: number; id: string | null });
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrivals: () => arrivals,
    waitFor: async (count, timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (arrivals.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${arrivals.length} of ${count} requests within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return arrivals;
    },
    close: async () => {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
};

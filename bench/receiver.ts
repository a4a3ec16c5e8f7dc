/**
 * A webhook receiver on 127.0.0.1 that answers at once (204, or `answer`), or after `delayMs`, and
 * notes when each message arrived.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Receiver = {
  url: string;
  arrivals: Map<string, number>;
  count: () => number;
  close: () => Promise<void>;
};

export const startReceiver = async (
  answer?: { status: number; body: string },
  options: { delayMs?: number } = {},
): Promise<Receiver> => {
  const arrivals = new Map<string, number>();
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      const id = req.headers['webhook-id'];
      if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now());
      const reply = () => {
        if (answer)
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        else res.writeHead(204).end();
      };
      if (options.delayMs) setTimeout(reply, options.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    count: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

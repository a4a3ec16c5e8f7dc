/** A webhook receiver on 127.0.0.1 that answers 204 at once and notes when each message arrived. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Receiver = {
  url: string;
  arrivals: Map<string, number>;
  count: () => number;
  close: () => Promise<void>;
};

export const startReceiver = async (): Promise<Receiver> => {
  const arrivals = new Map<string, number>();
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      const id = req.headers['webhook-id'];
      if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now());
      res.writeHead(204).end();
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

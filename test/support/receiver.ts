import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = {
  headers: IncomingHttpHeaders;
  raw: string;
  /** The path and query the request was sent to: several endpoints may share one receiver. */
  path: string;
  body: {
    id: string;
    type: string;
    merchant_id: string;
    created_at: string;
    data: Record<string, unknown>;
  };
  at: number;
};

/** What the receiver answers to its n-th request (0-based). */
export type Behaviour = (
  n: number,
  received: Received,
) => {
  status?: number;
  headers?: Record<string, string>;
  hang?: boolean;
  delayMs?: number;
  body?: string;
  /** Answers by hand, for faults a status cannot express (a reset, a trickle, an endless body). */
  respond?: (res: ServerResponse) => void;
};

export type TestReceiver = {
  url: string;
  received: Received[];
  setBehaviour: (behaviour: Behaviour) => void;
  /** Resolves when the receiver holds `count` requests; rejects after `timeoutMs`. */
  waitFor: (count: number, timeoutMs?: number) => Promise<Received[]>;
  close: () => Promise<void>;
};

/** A real HTTP receiver on 127.0.0.1 that records every request and answers as told. */
export const startTestReceiver = async (
  behaviour: Behaviour = () => ({ status: 200 }),
): Promise<TestReceiver> => {
  const received: Received[] = [];
  let current = behaviour;
  let waiters: Array<() => void> = [];
  const hanging: ServerResponse[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const entry: Received = {
        headers: req.headers,
        raw,
        path: req.url ?? '',
        // Service calls of process steps may come without a body (GET).
        body: (raw ? JSON.parse(raw) : undefined) as Received['body'],
        at: Date.now(),
      };
      const n = received.length;
      received.push(entry);
      for (const wake of waiters) wake();
      const answer = current(n, entry);
      if (answer.hang || answer.respond) {
        hanging.push(res);
        answer.respond?.(res);
        return;
      }
      const reply = () =>
        res.writeHead(answer.status ?? 200, answer.headers).end(answer.body ?? '');
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    setBehaviour: (behaviour) => {
      current = behaviour;
    },
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return false;
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== check);
          resolve(received.slice());
          return true;
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== check);
          reject(new Error(`received ${received.length} of ${count} requests in ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.push(check);
      }),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** Verifies a delivery as a receiver must: standardwebhooks, the raw body, the endpoint's secret. */
export const verifies = (delivery: Received, secret: string): boolean => {
  try {
    new Webhook(secret).verify(delivery.raw, delivery.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

/** The `v1,` signatures of a delivery, one per signing secret. */
export const signaturesOf = (delivery: Received): string[] =>
  String(delivery.headers['webhook-signature'] ?? '')
    .split(' ')
    .filter(Boolean);

/** Receivers started by one test, all closed together after it. */
export const receiverPool = () => {
  const started: TestReceiver[] = [];
  return {
    start: async (behaviour?: Behaviour) => {
      const receiver = await startTestReceiver(behaviour);
      started.push(receiver);
      return receiver;
    },
    /** Closes one now (to have a port nothing listens on). */
    close: async (receiver: TestReceiver) => {
      started.splice(started.indexOf(receiver), 1);
      await receiver.close();
    },
    closeAll: () => Promise.all(started.splice(0).map((r) => r.close())),
  };
};

/**
 * Slow clients, run in a worker thread so that their own work does not count against the server
 * they attack (as an attacker's machine would not): sockets that send their headers, or their
 * body, one byte at a time. Posts back how long each stayed open, once all have been ended by the
 * server or `giveUpMs` has passed (those still open count as Infinity).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Held } from './heldSocket.js';
import { openHeld } from './heldSocket.js';

export type SlowLorisPlan = {
  url: string;
  /** Sent in the slow bodies' requests, so that they get as far as reading their body. */
  key: string;
  slowHeaders: number;
  slowBodies: number;
  /** The sockets are spread over these local addresses. */
  addresses: string[];
  dripEveryMs: number;
  giveUpMs: number;
};

/** Milliseconds each socket stayed open, by kind; posted once the sockets are all open too. */
export type SlowLorisReport =
  { kind: 'open' } | { kind: 'done'; slowHeaders: number[]; slowBodies: number[] };

const plan = workerData as SlowLorisPlan;

const open = (i: number): Promise<Held> =>
  openHeld(plan.url, plan.addresses[i % plan.addresses.length]!);

/** Writes `text` a byte at a time, until the socket is ended. */
const drip = (held: Held, text: string) => {
  let i = 0;
  const timer = setInterval(() => {
    if (held.endedAt !== undefined || !held.socket.writable) return clearInterval(timer);
    held.socket.write(text[i++ % text.length]!);
  }, plan.dripEveryMs);
};

const attack = async () => {
  const slowHeaders = await Promise.all(
    Array.from({ length: plan.slowHeaders }, (_, i) => open(i)),
  );
  const slowBodies = await Promise.all(Array.from({ length: plan.slowBodies }, (_, i) => open(i)));
  for (const held of slowHeaders) drip(held, `GET /healthz HTTP/1.1\r\nX-Pad: ${'a'.repeat(200)}`);
  for (const held of slowBodies) {
    held.socket.write(
      'POST /v1/events HTTP/1.1\r\nHost: sluice\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${plan.key}\r\nContent-Length: 10000\r\n\r\n`,
    );
    drip(held, `{"type":"order.created","data":{"x":"${'a'.repeat(200)}`);
  }
  parentPort!.postMessage({ kind: 'open' } satisfies SlowLorisReport);
  const all = [...slowHeaders, ...slowBodies];
  const giveUpAt = Date.now() + plan.giveUpMs;
  while (Date.now() < giveUpAt && all.some((held) => held.endedAt === undefined)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const held of all) held.socket.destroy();
  const lifetimes = (list: Held[]) =>
    list.map((held) => (held.endedAt ?? Infinity) - held.openedAt);
  parentPort!.postMessage({
    kind: 'done',
    slowHeaders: lifetimes(slowHeaders),
    slowBodies: lifetimes(slowBodies),
  } satisfies SlowLorisReport);
};

void attack();

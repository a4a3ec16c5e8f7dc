/**
 * A merchant that publishes to one endpoint of its own and receives its webhooks: as a burst from
 * many publishers (its publish rate), or at a steady rate (publish-to-receipt, timed per event).
 */
import { Agent, request } from 'undici';
import type { Receiver } from './receiver.js';

const MERCHANT = 'mer_fresh';
const PUBLISHERS = 16;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitFor = async (done: () => boolean, timeoutMs: number) => {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await sleep(5);
  }
};

export type FreshMerchant = {
  /** Publishes `count` events from many publishers at once; their rate, once all are received. */
  burst: (count: number) => Promise<number>;
  /** Publishes at `perSecond` for `seconds`; each event's time from its publish to its receipt. */
  steady: (perSecond: number, seconds: number) => Promise<number[]>;
  close: () => Promise<void>;
};

export const freshMerchant = async (
  url: string,
  adminKey: string,
  receiver: Receiver,
  label: string,
): Promise<FreshMerchant> => {
  const agent = new Agent({ connections: PUBLISHERS * 2 });
  const call = async (path: string, body: unknown) => {
    const res = await request(`${url}${path}`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`POST ${path}: ${res.statusCode} ${text}`);
  };
  await call('/v1/webhooks', { merchant_id: MERCHANT, url: `${receiver.url}?merchant=${label}` });
  const publish = (id: string) =>
    call('/v1/events', { id, type: 'order.created', merchant_id: MERCHANT, data: {} });
  let bursts = 0;
  let steadies = 0;
  return {
    burst: async (count) => {
      const prefix = `evt_${label}_burst${bursts++}`;
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: PUBLISHERS }, async () => {
          while (next < count) await publish(`${prefix}_${next++}`);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      await waitFor(() => receiver.arrivals.has(`${prefix}_${count - 1}`), 120_000);
      return count / seconds;
    },
    steady: async (perSecond, seconds) => {
      const prefix = `evt_${label}_steady${steadies++}`;
      const sentAt = new Map<string, number>();
      const begin = performance.now();
      const published: Array<Promise<unknown>> = [];
      for (let i = 0; i < perSecond * seconds; i++) {
        const wait = begin + (i * 1000) / perSecond - performance.now();
        if (wait > 0) await sleep(wait);
        const id = `${prefix}_${i}`;
        sentAt.set(id, performance.now());
        published.push(publish(id));
      }
      await Promise.all(published);
      await waitFor(() => [...sentAt.keys()].every((id) => receiver.arrivals.has(id)), 60_000);
      return [...sentAt].map(([id, at]) => receiver.arrivals.get(id)! - at);
    },
    close: () => agent.close(),
  };
};

export const FRESH_PUBLISHERS = PUBLISHERS;

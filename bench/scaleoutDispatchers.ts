/**
 * Whether dispatchers scale out: receivers that answer after 200 ms, 24 endpoints (one for each of
 * 24 merchants, so that no merchant's share of a dispatcher is the limit), and each dispatcher
 * allowed 32 tries in flight, so that what limits delivery is how many tries are in flight at once
 * (concurrency), not CPU. The same events are delivered by 1, 2 and 4 dispatchers in turn, each
 * deployment on a schema of its own.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { api } from './delivery.js';
import type { BenchSchemas } from './postgresSchemas.js';
import type { Receiver } from './receiver.js';
import { startSplit } from './scaleoutDeployment.js';

export const SLOW_RECEIVER_MS = 200;
export const FAN_OUT_ENDPOINTS = 24;
/** Tries in flight per dispatcher (SLUICE_DELIVERY_CONCURRENCY). */
export const DISPATCHER_CONCURRENCY = 32;

const merchantOf = (i: number) => `mer_fan_${i % FAN_OUT_ENDPOINTS}`;

/** `count` events from 32 publishers at once, to the merchants in turn. */
const publishToEach = async (call: ReturnType<typeof api>, prefix: string, count: number) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        const n = next++;
        await call('POST', '/v1/events', {
          id: `${prefix}_${n}`,
          type: 'order.created',
          merchant_id: merchantOf(n),
          data: { n },
        });
      }
    }),
  );
};

/**
 * Webhooks per second with `dispatchers` dispatchers, between the receipt of the first tenth and
 * of the last tenth (the start, and the tail of the last few endpoints, left out).
 */
export const deliveryWithDispatchers = async (
  dir: string,
  url: string,
  schemas: BenchSchemas,
  receiver: Receiver,
  dispatchers: number,
  events: number,
): Promise<number> => {
  const own = join(dir, `dispatchers-${dispatchers}`);
  mkdirSync(own, { recursive: true });
  const deployment = await startSplit(
    own,
    url,
    schemas.next(`fan${dispatchers}`),
    { apis: 1, dispatchers, executors: 1 },
    {
      SLUICE_DELIVERY_CONCURRENCY: String(DISPATCHER_CONCURRENCY),
      SLUICE_ENDPOINT_CONCURRENCY: '16',
    },
  );
  try {
    // Published before any endpoint exists, then replayed to each: what is measured is the
    // dispatchers' delivery, not how fast the API takes events.
    await publishToEach(deployment.call, `evt_fan${dispatchers}`, events);
    const endpoints: string[] = [];
    for (let i = 0; i < FAN_OUT_ENDPOINTS; i++) {
      const made = await deployment.call('POST', '/v1/webhooks', {
        merchant_id: merchantOf(i),
        url: `${receiver.url}?fan=${dispatchers}_${i}`,
      });
      endpoints.push(String(made.id));
    }
    const total = events;
    const before = receiver.count();
    const marks: number[] = [];
    const watching = (async () => {
      const deadline = performance.now() + 600_000;
      for (const share of [0.1, 0.9]) {
        while (receiver.count() - before < total * share) {
          if (performance.now() > deadline) throw new Error('the fan-out did not arrive in time');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        marks.push(performance.now());
      }
    })();
    const since = new Date(Date.now() - 3600_000).toISOString();
    for (const id of endpoints)
      await deployment.call('POST', `/v1/webhooks/${id}/replay`, { since, include_unsent: true });
    await watching;
    return (total * 0.8) / ((marks[1]! - marks[0]!) / 1000);
  } finally {
    await deployment.stop();
  }
};

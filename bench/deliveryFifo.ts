/**
 * FIFO throughput: the same burst of events published to an endpoint in each ordering, on the
 * same server, to a receiver answering at once, each timed from its first publish to its last
 * receipt. A FIFO endpoint has one message in flight, so its rate is one round trip and one
 * recorded attempt at a time; the unordered figure beside it is the same endpoint's with its
 * full concurrency.
 */
import type { Figure } from './figures.js';
import type { Receiver } from './receiver.js';
import { median, table } from './support.js';

/** A merchant of its own: the delivery benchmark's other endpoints receive none of these. */
const MERCHANT = 'mer_bench_fifo';
const PUBLISHERS = 32;

type Call = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;
type Ordering = 'fifo' | 'unordered';

/** Events per second from the first publish of `events` events to the receipt of the last. */
const burst = async (
  call: Call,
  receiver: Receiver,
  ordering: Ordering,
  round: number,
  events: number,
): Promise<number> => {
  const url = `${receiver.url}?ordering=${ordering}&round=${round}`;
  const endpoint = await call('POST', '/v1/webhooks', { merchant_id: MERCHANT, url, ordering });
  const ids = Array.from({ length: events }, (_, n) => `evt_${ordering}_${round}_${n}`);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next < events) {
        const n = next++;
        await call('POST', '/v1/events', {
          id: ids[n],
          type: 'order.created',
          merchant_id: MERCHANT,
          data: { n },
        });
      }
    }),
  );
  while (!ids.every((id) => receiver.arrivals.has(id))) {
    if (performance.now() - started > 300_000) throw new Error(`${ordering}: not all delivered`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const last = Math.max(...ids.map((id) => receiver.arrivals.get(id)!));
  await call('DELETE', `/v1/webhooks/${String(endpoint.id)}`);
  return events / ((last - started) / 1000);
};

export type FifoThroughput = { figure: Figure; notes: string[] };

/** Rounds of the two bursts, their order swapped each round, so drift favours neither. */
export const measureFifoThroughput = async (
  call: Call,
  receiver: Receiver,
  quick: boolean,
): Promise<FifoThroughput> => {
  const events = quick ? 500 : 2000;
  const rounds = quick ? 3 : 5;
  await burst(call, receiver, 'fifo', 0, 100);
  const measured: Array<{ fifo: number; unordered: number }> = [];
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`  … FIFO throughput, round ${round} of ${rounds}\n`);
    const order: Ordering[] = round % 2 ? ['fifo', 'unordered'] : ['unordered', 'fifo'];
    const results: Partial<Record<Ordering, number>> = {};
    for (const ordering of order)
      results[ordering] = await burst(call, receiver, ordering, round, events);
    measured.push({ fifo: results.fifo!, unordered: results.unordered! });
  }
  console.log(`\nFIFO and unordered endpoints, ${events} events per burst`);
  table(
    measured.map((m, i) => ({
      round: i + 1,
      'unordered, events/s': Math.round(m.unordered),
      'FIFO, events/s': Math.round(m.fifo),
      ratio: (m.fifo / m.unordered).toFixed(3),
    })),
  );
  const fifo = median(measured.map((m) => m.fifo));
  const unordered = median(measured.map((m) => m.unordered));
  return {
    figure: {
      what: `publish to receipt of ${events} events to a FIFO endpoint (one in flight)`,
      value: fifo,
      unit: 'events/s',
      against: { what: 'the same events to an unordered endpoint', value: unordered },
      ratio: median(measured.map((m) => m.fifo / m.unordered)),
    },
    notes: [
      `FIFO throughput: ${rounds} rounds of two bursts of ${events} events from ${PUBLISHERS} publishers, one to a FIFO endpoint and one to an unordered one, in alternate order, to a receiver answering at once, each timed from its first publish to its last receipt (the figure is the median of the rounds; ratios ${measured.map((m) => (m.fifo / m.unordered).toFixed(3)).join(', ')}). A FIFO endpoint sends one message at a time, each after the last one's attempt is recorded: its rate is that round trip's.`,
    ],
  };
};

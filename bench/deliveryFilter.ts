/**
 * The cost of an endpoint's filter, per event: the same burst of events, 1 KiB of data each,
 * published to an endpoint without a filter and to one whose filter matches them all, in
 * alternate rounds on the same server, each timed from its first publish to its last receipt.
 */
import { evaluateFilter, filterInput } from '../src/delivery/endpointFilter.js';
import { webhookBody } from '../src/delivery/webhookBodies.js';
import type { Figure } from './figures.js';
import type { Receiver } from './receiver.js';
import { median, table } from './support.js';

/** A merchant of its own: the delivery benchmark's other endpoints receive none of these. */
const MERCHANT = 'mer_bench_filter';
/** A filter of the common kind, which planning evaluates in its own process. */
export const FILTER = 'data.amount > 100 and data.currency = "EUR"';
const PUBLISHERS = 32;
const TARGET = 1.1;

/** Data of 1 KiB as JSON, which the filter matches. */
const payload = (n: number) => {
  const data = { amount: 150, currency: 'EUR', n, note: '' };
  data.note = 'x'.repeat(1024 - JSON.stringify(data).length);
  return data;
};

type Call = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** Seconds from the first publish of `events` events to the receipt of the last. */
const burst = async (
  call: Call,
  receiver: Receiver,
  url: string,
  prefix: string,
  events: number,
  filter: string | null,
): Promise<number> => {
  const endpoint = await call('POST', '/v1/webhooks', { merchant_id: MERCHANT, url, filter });
  const ids = Array.from({ length: events }, (_, n) => `${prefix}_${n}`);
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
          data: payload(n),
        });
      }
    }),
  );
  while (!ids.every((id) => receiver.arrivals.has(id))) {
    if (performance.now() - started > 120_000) throw new Error(`${prefix}: not all delivered`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const last = Math.max(...ids.map((id) => receiver.arrivals.get(id)!));
  await call('DELETE', `/v1/webhooks/${String(endpoint.id)}`);
  return (last - started) / 1000;
};

/**
 * What the filter adds to the planning of one event, measured in this process alone: the body
 * parsed for it, and the filter evaluated on it. A figure the machine's noise hardly moves, to
 * read beside the end-to-end one.
 */
const planningCostMicros = async (events: number): Promise<number> => {
  const bodies = Array.from({ length: events }, (_, n) =>
    webhookBody({
      id: `evt_filter_${n}`,
      type: 'order.created',
      merchant_id: MERCHANT,
      created_at: new Date().toISOString(),
      data: payload(n),
    }),
  );
  const evaluateAll = async () => {
    for (const body of bodies) {
      const outcome = await evaluateFilter(MERCHANT, FILTER, filterInput(body));
      if (!outcome.matches) throw new Error('the filter does not match the benchmark data');
    }
  };
  await evaluateAll();
  const started = performance.now();
  await evaluateAll();
  return ((performance.now() - started) * 1000) / events;
};

export type FilterCost = { figure: Figure; notes: string[] };

/**
 * Rounds of the two bursts, their order swapped each round, so that a machine whose speed drifts
 * favours neither. The cost is the median of the rounds' ratios (with a filter / without), less 1.
 */
export const measureFilterCost = async (
  call: Call,
  receiver: Receiver,
  quick: boolean,
): Promise<FilterCost> => {
  const events = quick ? 1000 : 3000;
  const rounds = quick ? 3 : 5;
  const run = (round: number, filtered: boolean) =>
    burst(
      call,
      receiver,
      `${receiver.url}?filter=${filtered}&round=${round}`,
      `evt_filter_${filtered ? 'on' : 'off'}_${round}`,
      events,
      filtered ? FILTER : null,
    );
  // Both paths once, compiled as they run: not counted.
  await run(0, false);
  await run(0, true);
  const measured: Array<{ plain: number; filtered: number }> = [];
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`  … filter cost, round ${round} of ${rounds}\n`);
    if (round % 2) {
      const plain = await run(round, false);
      measured.push({ plain, filtered: await run(round, true) });
    } else {
      const filtered = await run(round, true);
      measured.push({ plain: await run(round, false), filtered });
    }
  }
  const perEvent = (seconds: number) => (seconds / events) * 1e6;
  const ratio = median(measured.map((m) => m.filtered / m.plain));
  console.log(`\nAn endpoint's filter (${FILTER}), ${events} events of 1 KiB per burst`);
  table(
    measured.map((m, i) => ({
      round: i + 1,
      'no filter, µs/event': perEvent(m.plain).toFixed(1),
      'matching filter, µs/event': perEvent(m.filtered).toFixed(1),
      cost: `${((m.filtered / m.plain - 1) * 100).toFixed(1)} %`,
    })),
  );
  console.log(
    `median cost of a filter per event: ${((ratio - 1) * 100).toFixed(1)} % (target <= ${Math.round((TARGET - 1) * 100)} %)`,
  );
  const plainPerEvent = median(measured.map((m) => perEvent(m.plain)));
  const planning = await planningCostMicros(events);
  const planningShare = `${((planning / plainPerEvent) * 100).toFixed(1)} %`;
  console.log(
    `the filter in planning alone (body parsed, filter evaluated): ${planning.toFixed(1)} µs per event, ${planningShare} of an event's cost without a filter`,
  );
  const value = median(measured.map((m) => perEvent(m.filtered)));
  return {
    figure: {
      what: `publish to receipt of ${events} events of 1 KiB to an endpoint whose filter matches them`,
      value,
      unit: 'µs/event',
      against: {
        what: 'the same events to an endpoint without a filter',
        value: plainPerEvent,
      },
      ratio,
      target: { ratio: TARGET, is: 'at most' },
    },
    notes: [
      `Filter cost: ${rounds} rounds of two bursts of ${events} events (1 KiB of data each) from ${PUBLISHERS} publishers, one to an endpoint without a filter and one to an endpoint with the filter \`${FILTER}\`, which matches them all, in alternate order, each timed from its first publish to its last receipt; the ratio is the median of the rounds' ratios (${measured.map((m) => (m.filtered / m.plain).toFixed(3)).join(', ')}). Measured alone, in the benchmark's process, what the filter adds to planning an event (its body parsed, the filter evaluated in-process) is ${planning.toFixed(1)} µs, ${planningShare} of the median cost of an event without a filter.`,
    ],
  };
};

import { Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import type { ReadStore } from '../../adapters/readstore/port.js';
import { DELIVERIES_DUE } from '../../projections/deliveries.js';
import type { Projector } from '../projector/projector.js';

/** The queue's depth is counted no further: past it, the gauge reads this. */
export const QUEUE_COUNTED_UP_TO = 100_000;
/**
 * How long what a scrape read serves the next: the counts behind these gauges read the store
 * (on the card's servers, a count reads up to thousands of records), and scrapers that come
 * close together, or several of them, must not multiply that.
 */
export const STATE_KEPT_MS = 5_000;

/**
 * The last value `load` gave, while younger than `keptMs`: callers at once share one load, and a
 * load that failed is not kept.
 */
export const keptFor = <T>(keptMs: number, load: () => Promise<T>, now = () => Date.now()) => {
  let kept: { at: number; value: Promise<T> } | undefined;
  return (): Promise<T> => {
    const at = now();
    if (kept && at - kept.at < keptMs) return kept.value;
    const value = load();
    const entry = { at, value };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
};

/**
 * Gauges read when scraped, from the same read models and projector state the API serves: the
 * durable delivery queue (what is due now, what waits for a later retry) and each projection's
 * lag behind the log. Nothing on a hot path keeps them up to date.
 */
export const registerStateGauges = (
  registry: Registry,
  sources: { readStore: Pick<ReadStore, 'count'>; projector: Pick<Projector, 'status'> },
): void => {
  const statuses = keptFor(STATE_KEPT_MS, () => sources.projector.status());
  const depth = keptFor(STATE_KEPT_MS, () => {
    const byDue = { orderBy: { field: 'due_at_ms', direction: 'asc' as const } };
    const now = Date.now();
    // Counted up to a bound: a scrape must not walk a backlog of millions while requests wait.
    return Promise.all([
      sources.readStore.count(
        DELIVERIES_DUE,
        { ...byDue, range: { lte: now } },
        QUEUE_COUNTED_UP_TO,
      ),
      sources.readStore.count(
        DELIVERIES_DUE,
        { ...byDue, range: { gte: now + 1 } },
        QUEUE_COUNTED_UP_TO,
      ),
    ]);
  });
  new Gauge({
    name: 'sluice_delivery_queue_depth',
    help: `Deliveries waiting in the durable queue: due now, or scheduled for a later try (each counted up to ${QUEUE_COUNTED_UP_TO})`,
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const [due, scheduled] = await depth();
      this.labels('due').set(due);
      this.labels('scheduled').set(scheduled);
    },
  });
  new Gauge({
    name: 'sluice_projection_lag_events',
    help: 'Events in the log that a projection has not applied yet',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      for (const status of await statuses()) this.labels(status.name).set(status.lag);
    },
  });
  new Gauge({
    name: 'sluice_projection_healthy',
    help: '1 when a projection is live or rebuilding, 0 when its last batch failed',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      for (const status of await statuses())
        this.labels(status.name).set(status.status === 'failing' ? 0 : 1);
    },
  });
};

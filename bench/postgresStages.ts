/**
 * Where the PostgreSQL mode's publish-to-receipt time goes, read from the log the service wrote:
 * an event's append and its delivery's plan each carry `recorded_at`, stamped by the service (same
 * machine, same clock, to the millisecond) as its group is written, just before the insert and
 * the commit. Between the publish and the receipt timed by the bench, they cut the time in three.
 */
import pg from 'pg';
import { BUSINESS_EVENT_STREAM_PREFIX } from '../domain/events/businessEvent.js';
import type { SteadyRun } from './postgresDelivery.js';
import { percentile } from './support.js';

export type Stage = { what: string; p50: number; p95: number; p99: number };

const STAGES = [
  'publish → event stamped (HTTP, auth, command, waiting for the append lock)',
  'event stamped → delivery stamped (its commit, the feed, the projector, the planner)',
  'delivery stamped → received (its commit, queue news, claim, signing, the request)',
];

export const stagesOf = async (url: string, schema: string, run: SteadyRun): Promise<Stage[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const prefix = BUSINESS_EVENT_STREAM_PREFIX;
    const result = await client.query<{ id: string; appended: string; planned: string }>(
      `SELECT substr(e.stream, ${prefix.length + 1}) AS id, e.recorded_at AS appended,
              p.recorded_at AS planned
         FROM ${schema}.events e
         JOIN ${schema}.events p ON p.type = 'delivery.planned'
          AND p.data->>'event_id' = substr(e.stream, ${prefix.length + 1})
        WHERE e.stream = ANY($1)`,
      [[...run.sentAt.keys()].map((id) => `${prefix}${id}`)],
    );
    const spans: number[][] = [[], [], []];
    for (const row of result.rows) {
      const appended = Date.parse(row.appended);
      const planned = Date.parse(row.planned);
      spans[0]!.push(appended - run.sentAt.get(row.id)!);
      spans[1]!.push(planned - appended);
      spans[2]!.push(run.receivedAt.get(row.id)! - planned);
    }
    if (result.rows.length !== run.sentAt.size)
      throw new Error(`found ${result.rows.length} of ${run.sentAt.size} events and plans`);
    return STAGES.map((what, i) => ({
      what,
      p50: percentile(spans[i]!, 50),
      p95: percentile(spans[i]!, 95),
      p99: percentile(spans[i]!, 99),
    }));
  } finally {
    await client.end();
  }
};

import type { Router } from 'express';
import { exactRouter } from '../exactRouter.js';
import * as t from 'io-ts';
import type { EndpointStatsDoc, StatsInterval } from '../../../projections/endpointStats.js';
import { ENDPOINT_STATS, INTERVAL_MS, bucketStart } from '../../../projections/endpointStats.js';
import type { FailingEndpointDoc, MessageDoc } from '../../../projections/deliveries.js';
import { FAILING_ENDPOINTS, WEBHOOK_MESSAGES } from '../../../projections/deliveries.js';
import type { Services } from '../../services.js';
import { findDocs, getDoc } from '../../reads/readModels.js';
import { decodeOrThrow, strictObject } from '../codec.js';
import { DateTime, MerchantId } from '../codecs/common.js';
import { handle, ok } from '../handler.js';
import { scopedEndpoint } from '../pathResources.js';
import { HttpProblem } from '../problem.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'readStore' | 'now'>;

const StatsQuery = strictObject(
  'StatsQuery',
  {},
  {
    merchant_id: MerchantId,
    since: DateTime,
    until: DateTime,
    interval: t.keyof({ hour: null, day: null }, 'hour or day'),
  },
);

const DAY_MS = INTERVAL_MS.day;

/** The longest range a caller may ask for, by interval: what one request may cost is bounded. */
const MAX_RANGE_DAYS: Readonly<Record<StatsInterval, number>> = { hour: 31, day: 366 };

type Window = { interval: StatsInterval; since: number; until: number };

/** The window asked for: by default the last 24 hours, by hour. */
const windowOf = (query: t.TypeOf<typeof StatsQuery>, now: Date): Window => {
  const interval = query.interval ?? 'hour';
  const until = query.until === undefined ? now.getTime() : Date.parse(query.until);
  const since = query.since === undefined ? until - DAY_MS : Date.parse(query.since);
  if (since >= until) {
    throw new HttpProblem('validation_failed', 'The query is not valid.', [
      { path: 'since', message: 'must be before until' },
    ]);
  }
  if (until - since > MAX_RANGE_DAYS[interval] * DAY_MS) {
    throw new HttpProblem('validation_failed', 'The query is not valid.', [
      { path: 'since', message: `must be at most ${MAX_RANGE_DAYS[interval]} days before until` },
    ]);
  }
  return { interval, since, until };
};

/** The starts of every bucket the window touches, oldest first. */
const bucketsOf = ({ interval, since, until }: Window): string[] => {
  const starts: string[] = [];
  const length = INTERVAL_MS[interval];
  for (let at = Date.parse(bucketStart(since, interval)); at < until; at += length)
    starts.push(new Date(at).toISOString());
  return starts;
};

const STATUSES: readonly MessageDoc['status'][] = ['pending', 'succeeded', 'failed'];

/**
 * The run of failed attempts the endpoint is in now, from its first failure after a success: a
 * busy hour of failures that ended in a success is history, not a failing endpoint.
 */
const failingStreak = (streak: FailingEndpointDoc | undefined) =>
  streak
    ? {
        first_failure_at: streak.first_failure_at,
        last_failure_at: streak.last_failure_at,
        failed_attempts: streak.failures,
      }
    : null;

/**
 * How an endpoint's deliveries went: attempts by outcome over time, and, now, its messages and
 * whether its latest attempts are failing.
 */
export const webhookStatsRoutes = (services: Needs): Router => {
  const router = exactRouter();
  router.get(
    '/v1/webhooks/:endpoint_id/stats',
    handle(async (req) => {
      const query = decodeOrThrow(StatsQuery, req.query, 'query');
      const endpoint = await scopedEndpoint(services, req);
      const window = windowOf(query, services.now());
      const starts = bucketsOf(window);
      // The window's counters in one read of the index: a bucket with no attempt has no document.
      const page = await findDocs(services.readStore, ENDPOINT_STATS, {
        where: { endpoint_id: endpoint.id, interval: window.interval },
        range: { gte: starts[0]!, lte: starts.at(-1)! },
        orderBy: { field: 'start', direction: 'asc' },
        limit: starts.length,
      });
      const counted = new Map<string, EndpointStatsDoc>(page.docs.map((doc) => [doc.start, doc]));
      const [streak, counts] = await Promise.all([
        getDoc(services.readStore, FAILING_ENDPOINTS, endpoint.id),
        Promise.all(
          STATUSES.map((status) =>
            services.readStore.count(WEBHOOK_MESSAGES, {
              where: { endpoint_id: endpoint.id, status },
              orderBy: { field: 'created_at', direction: 'desc' },
            }),
          ),
        ),
      ]);
      return ok({
        object: 'webhook_endpoint_stats',
        endpoint_id: endpoint.id,
        interval: window.interval,
        buckets: starts.map((start) => ({
          start,
          succeeded: counted.get(start)?.succeeded ?? 0,
          failed: counted.get(start)?.failed ?? 0,
        })),
        messages: Object.fromEntries(STATUSES.map((status, i) => [status, counts[i]])),
        failing_streak: failingStreak(streak),
      });
    }),
  );
  return router;
};

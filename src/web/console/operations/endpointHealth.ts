import type { Tone } from '../../shared/components';
import { formatCount, formatDateTime } from '../../shared/format';
import type { Endpoint, EndpointStats } from './endpointTypes';

export type Health = {
  /** Lower is worse: the order endpoints are listed in. */
  rank: number;
  label: string;
  tone: Tone;
  /** Why, in a few words. */
  detail: string;
  /** Needs someone to look at it: disabled by Sluice, or failing now. */
  troubled: boolean;
};

const totals = (stats: EndpointStats) =>
  stats.buckets.reduce(
    (sum, bucket) => ({
      succeeded: sum.succeeded + bucket.succeeded,
      failed: sum.failed + bucket.failed,
    }),
    { succeeded: 0, failed: 0 },
  );

const failedInARow = (count: number) =>
  count === 1 ? 'Its latest attempt failed' : `Its latest ${formatCount(count)} attempts failed`;

/** Messages that gave up before the endpoint recovered stay failed until they are replayed. */
const givenUp = (count: number) =>
  count === 0
    ? ''
    : ` ${formatCount(count)} ${count === 1 ? 'message' : 'messages'} gave up earlier: a replay sends ${count === 1 ? 'it' : 'them'} again.`;

const DISABLED_BY_SLUICE: Record<'gone' | 'failing', string> = {
  gone: 'Its receiver answered 410 Gone.',
  failing: 'It failed every try for days.',
};

/**
 * How an endpoint fares: disabled by Sluice (410 Gone, or failing for days), failing now (its
 * latest attempts failed, with no success since), disabled by hand, recovered (it failed earlier in
 * the day and delivers again), delivering, or idle. `read` says whether its statistics were asked
 * for; undefined statistics then mean they could not be read.
 */
export const healthOf = (
  endpoint: Endpoint,
  stats: EndpointStats | undefined,
  read: boolean,
): Health => {
  if (
    endpoint.disabled &&
    (endpoint.disabled_reason === 'gone' || endpoint.disabled_reason === 'failing')
  )
    return {
      rank: 0,
      label: 'Disabled by Sluice',
      tone: 'danger',
      detail: DISABLED_BY_SLUICE[endpoint.disabled_reason],
      troubled: true,
    };
  if (endpoint.disabled)
    return {
      rank: 3,
      label: 'Disabled',
      tone: 'neutral',
      detail: 'Turned off by hand.',
      troubled: false,
    };
  if (!stats)
    return {
      rank: 2,
      label: 'Unknown',
      tone: 'warning',
      detail: read ? 'Its statistics could not be read.' : 'Statistics not read.',
      troubled: false,
    };
  const { succeeded, failed } = totals(stats);
  const attempts = `${formatCount(failed)} of ${formatCount(succeeded + failed)} attempts failed in 24 h.`;
  const streak = stats.failing_streak;
  if (streak)
    return {
      rank: 1,
      label: 'Failing',
      tone: 'danger',
      detail: `${failedInARow(streak.failed_attempts)} since ${formatDateTime(streak.first_failure_at)}.`,
      troubled: true,
    };
  const gaveUp = givenUp(stats.messages.failed);
  if (succeeded + failed === 0)
    return {
      rank: 5,
      label: 'Idle',
      tone: 'neutral',
      detail: `No attempts in 24 h.${gaveUp}`,
      troubled: false,
    };
  if (failed > 0)
    return {
      rank: 4,
      label: 'Recovered',
      tone: 'info',
      detail: `Delivering again; ${attempts}${gaveUp}`,
      troubled: false,
    };
  return {
    rank: 4,
    label: 'Delivering',
    tone: 'success',
    detail: `${formatCount(succeeded)} ${succeeded === 1 ? 'attempt' : 'attempts'} succeeded in 24 h.${gaveUp}`,
    troubled: false,
  };
};

import type { Tone } from '../../shared/components';
import { formatCount } from '../../shared/format';
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

/** Whether the most recent hour that saw attempts saw failures: the endpoint is failing now. */
const failingNow = (stats: EndpointStats): boolean => {
  const latest = [...stats.buckets].reverse().find((b) => b.succeeded + b.failed > 0);
  return Boolean(latest && latest.failed > 0);
};

const DISABLED_BY_SLUICE: Record<'gone' | 'failing', string> = {
  gone: 'Its receiver answered 410 Gone.',
  failing: 'It failed every try for days.',
};

/**
 * How an endpoint fares: disabled by Sluice (410 Gone, or failing for days), failing now (its
 * latest hour of attempts had failures), disabled by hand, or delivering. `read` says whether its
 * statistics were asked for; undefined statistics then mean they could not be read.
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
  if (failingNow(stats))
    return { rank: 1, label: 'Failing', tone: 'danger', detail: attempts, troubled: true };
  if (succeeded + failed === 0)
    return {
      rank: 5,
      label: 'Idle',
      tone: 'neutral',
      detail: 'No attempts in 24 h.',
      troubled: false,
    };
  return {
    rank: 4,
    label: 'Delivering',
    tone: 'success',
    detail:
      failed > 0
        ? `Recovered; ${attempts}`
        : `${formatCount(succeeded)} ${succeeded === 1 ? 'attempt' : 'attempts'} succeeded in 24 h.`,
    troubled: false,
  };
};

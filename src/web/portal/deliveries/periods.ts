import type { operations } from '../../shared/schema';

export type Stats =
  operations['getWebhookEndpointStats']['responses'][200]['content']['application/json'];
export type Bucket = Stats['buckets'][number];
export type Interval = Stats['interval'];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The spans a chart may cover, each in buckets the stats route allows for it. */
export const PERIODS = [
  { id: '24h', label: '24 hours', phrase: 'the last 24 hours', spanMs: DAY_MS, interval: 'hour' },
  { id: '7d', label: '7 days', phrase: 'the last 7 days', spanMs: 7 * DAY_MS, interval: 'hour' },
  { id: '30d', label: '30 days', phrase: 'the last 30 days', spanMs: 30 * DAY_MS, interval: 'day' },
] as const satisfies ReadonlyArray<{
  id: string;
  label: string;
  phrase: string;
  spanMs: number;
  interval: Interval;
}>;

export type Period = (typeof PERIODS)[number];
export type PeriodId = Period['id'];

export const periodOf = (id: PeriodId): Period => PERIODS.find((p) => p.id === id) ?? PERIODS[0];

/** The query for a period ending now. */
export const windowOf = (period: Period, now = Date.now()) => ({
  since: new Date(now - period.spanMs).toISOString(),
  until: new Date(now).toISOString(),
  interval: period.interval,
});

export type Totals = { succeeded: number; failed: number; attempts: number };

export const totalsOf = (buckets: readonly Bucket[]): Totals => {
  const succeeded = buckets.reduce((sum, b) => sum + b.succeeded, 0);
  const failed = buckets.reduce((sum, b) => sum + b.failed, 0);
  return { succeeded, failed, attempts: succeeded + failed };
};

/** The share of attempts that succeeded, as a whole percentage; undefined without attempts. */
export const successRate = ({ succeeded, attempts }: Totals): number | undefined =>
  attempts === 0 ? undefined : Math.round((succeeded / attempts) * 100);

/** The bucket with the most attempts, if any had some. */
export const busiestOf = (buckets: readonly Bucket[]): Bucket | undefined =>
  buckets.reduce<Bucket | undefined>(
    (best, b) => (b.succeeded + b.failed > (best ? best.succeeded + best.failed : 0) ? b : best),
    undefined,
  );

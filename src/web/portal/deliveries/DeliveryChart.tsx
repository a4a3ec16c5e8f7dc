import { useState } from 'preact/hooks';
import { ErrorState, Loading } from '../../shared/components';
import { formatCount } from '../../shared/format';
import type { Loaded } from '../../shared/useLoad';
import { BarChart } from './BarChart';
import './chart.css';
import type { Bucket, Interval, Period, PeriodId, Stats, Totals } from './periods';
import { PERIODS, busiestOf, successRate, totalsOf } from './periods';
import { Segmented } from './Segmented';

const hourly = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const daily = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

const bucketName = (bucket: Bucket, interval: Interval): string =>
  interval === 'hour'
    ? `the hour from ${hourly.format(new Date(bucket.start))}`
    : daily.format(new Date(bucket.start));

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** The chart in words, for whoever cannot see it, and as a headline for who can. */
const summaryOf = (stats: Stats, period: Period, totals: Totals): string => {
  if (totals.attempts === 0) return `No delivery attempts in ${period.phrase}.`;
  const busiest = busiestOf(stats.buckets)!;
  return (
    `In ${period.phrase}, ${plural(totals.attempts, 'attempt')}: ` +
    `${formatCount(totals.succeeded)} succeeded and ${formatCount(totals.failed)} failed ` +
    `(${successRate(totals)}% succeeded). The busiest was ${bucketName(busiest, stats.interval)}, ` +
    `with ${plural(busiest.succeeded + busiest.failed, 'attempt')}.`
  );
};

const Stat = ({ term, value, note }: { term: string; value: string; note: string }) => (
  <div class="delivery-stat">
    <dt>{term}</dt>
    <dd>
      <span class="delivery-stat-value">{value}</span>
      <span class="delivery-stat-note">{note}</span>
    </dd>
  </div>
);

const Totals = ({ stats, period }: { stats: Stats; period: Period }) => {
  const totals = totalsOf(stats.buckets);
  const rate = successRate(totals);
  const over = `in ${period.phrase}`;
  return (
    <dl class="delivery-stats">
      <Stat term="Succeeded attempts" value={formatCount(totals.succeeded)} note={over} />
      <Stat term="Failed attempts" value={formatCount(totals.failed)} note={over} />
      <Stat term="Success rate" value={rate === undefined ? '—' : `${rate}%`} note={over} />
      <Stat
        term="Pending messages"
        value={formatCount(stats.messages.pending)}
        note="waiting for an attempt now"
      />
    </dl>
  );
};

const Readout = ({ bucket, interval }: { bucket: Bucket | undefined; interval: Interval }) => (
  <p class="delivery-chart-readout">
    {bucket
      ? `${capitalized(bucketName(bucket, interval))}: ${formatCount(bucket.succeeded)} succeeded, ${formatCount(bucket.failed)} failed`
      : 'Point at a bar for its counts.'}
  </p>
);

const Legend = () => (
  <ul class="delivery-chart-legend">
    <li>
      <span class="chart-swatch chart-swatch-succeeded" aria-hidden="true" />
      Succeeded
    </li>
    <li>
      <span class="chart-swatch chart-swatch-failed" aria-hidden="true" />
      Failed
    </li>
  </ul>
);

const Figure = ({ stats, period }: { stats: Stats; period: Period }) => {
  const [hovered, setHovered] = useState<Bucket>();
  return (
    <figure class="delivery-chart">
      <div class="delivery-chart-top">
        <Legend />
        <Readout bucket={hovered} interval={stats.interval} />
      </div>
      <BarChart buckets={stats.buckets} interval={stats.interval} onHover={setHovered} />
      <figcaption class="delivery-chart-summary">
        {summaryOf(stats, period, totalsOf(stats.buckets))}
      </figcaption>
    </figure>
  );
};

/** The endpoint's attempts over a period, by outcome: totals, a bar chart, and the same in words. */
export const DeliveryChart = ({
  stats,
  period,
  onPeriod,
  onRetry,
}: {
  stats: Loaded<Stats>;
  period: Period;
  onPeriod: (id: PeriodId) => void;
  onRetry: () => void;
}) => (
  <section class="card deliveries-section" aria-labelledby="delivery-stats-heading">
    <div class="delivery-section-bar">
      <h3 id="delivery-stats-heading">Delivery attempts</h3>
      <Segmented
        label="Period"
        options={PERIODS.map((p) => ({ value: p.id, label: p.label }))}
        value={period.id}
        onValue={onPeriod}
      />
    </div>
    {stats.state === 'loading' && <Loading label="Loading the statistics…" />}
    {stats.state === 'failed' && <ErrorState problem={stats.problem} onRetry={onRetry} />}
    {stats.state === 'ready' && (
      <>
        <Totals stats={stats.data} period={period} />
        <Figure stats={stats.data} period={period} />
      </>
    )}
  </section>
);

import { formatCount } from '../../shared/format';
import type { EndpointStats } from './endpointTypes';
import './merchants.css';

const WIDTH = 240;
const HEIGHT = 56;
const GAP = 2;
/** A bucket with any attempts stays visible however tall the busiest one is. */
const SHORTEST = 2;

type Bucket = EndpointStats['buckets'][number];

const heightOf = (count: number, most: number) =>
  count === 0 ? 0 : Math.max(SHORTEST, (count / most) * HEIGHT);

/** One bucket's bar: delivered at the bottom, failed stacked on top. */
const Bar = ({
  bucket,
  index,
  step,
  most,
}: {
  bucket: Bucket;
  index: number;
  step: number;
  most: number;
}) => {
  const delivered = heightOf(bucket.succeeded, most);
  const failed = heightOf(bucket.failed, most);
  const x = index * step + GAP / 2;
  const width = Math.max(step - GAP, 1);
  return (
    <g>
      {delivered > 0 && (
        <rect
          class="bars-succeeded"
          x={x}
          y={HEIGHT - delivered}
          width={width}
          height={delivered}
        />
      )}
      {failed > 0 && (
        <rect
          class="bars-failed"
          x={x}
          y={HEIGHT - delivered - failed}
          width={width}
          height={failed}
        />
      )}
    </g>
  );
};

/**
 * An endpoint's attempts over the last day, an hour a bar; the totals are its text, for screen
 * readers and for whoever does not read colour.
 */
export const DeliveryBars = ({ stats }: { stats: EndpointStats }) => {
  const most = Math.max(1, ...stats.buckets.map((b) => b.succeeded + b.failed));
  const step = WIDTH / Math.max(stats.buckets.length, 1);
  const succeeded = stats.buckets.reduce((sum, b) => sum + b.succeeded, 0);
  const failed = stats.buckets.reduce((sum, b) => sum + b.failed, 0);
  const summary = `${formatCount(succeeded)} delivered, ${formatCount(failed)} failed`;
  return (
    <figure class="delivery-bars">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Attempts in the last 24 hours, by hour: ${summary}`}
      >
        <line class="bars-base" x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} />
        {stats.buckets.map((bucket, index) => (
          <Bar key={bucket.start} bucket={bucket} index={index} step={step} most={most} />
        ))}
      </svg>
      <div class="bars-axis" aria-hidden="true">
        <span>24 h ago</span>
        <span>now</span>
      </div>
      <figcaption>
        <span class="legend legend-succeeded">{formatCount(succeeded)} delivered</span>
        <span class="legend legend-failed">{formatCount(failed)} failed</span>
        <span class="legend-note">attempts, last 24 h</span>
      </figcaption>
    </figure>
  );
};

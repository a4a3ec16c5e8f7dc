import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '../../shared/format';
import type { Bucket, Interval } from './periods';

const HEIGHT = 220;
const PHONE_HEIGHT = 180;
const PHONE_WIDTH = 520;
const BUCKET_S: Record<Interval, number> = { hour: 3600, day: 86_400 };

/**
 * The theme's colour of a variable: the canvas cannot read CSS variables, so the chart takes them
 * when it is drawn (the theme is set once, before the page renders).
 */
const themeColor = (name: string): string =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/**
 * uPlot has no stacking: the failed series is drawn as the whole bar (succeeded + failed), and the
 * succeeded one over its lower part, so what shows of the first is the failed share.
 */
const seriesData = (buckets: readonly Bucket[]): uPlot.AlignedData => [
  buckets.map((b) => Date.parse(b.start) / 1000),
  // No failed bar where nothing failed: its edges would show around the succeeded one.
  buckets.map((b) => (b.failed > 0 ? b.succeeded + b.failed : null)),
  buckets.map((b) => b.succeeded),
];

const optionsOf = (
  interval: Interval,
  width: number,
  onHover: (index: number | undefined) => void,
): uPlot.Options => {
  const bars = uPlot.paths.bars!({ size: [0.7, 48, 1], radius: 0.15, gap: 1 });
  const text = themeColor('--text-faint');
  const grid = { stroke: themeColor('--border'), width: 1 };
  const axis = { stroke: text, grid, ticks: { stroke: grid.stroke, width: 1, size: 4 } };
  const halfBucket = BUCKET_S[interval] / 2;
  const points = { show: false };
  return {
    width,
    height: width < PHONE_WIDTH ? PHONE_HEIGHT : HEIGHT,
    legend: { show: false },
    cursor: { x: true, y: false, points: { show: false }, drag: { x: false, y: false } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: true, range: (_u, min, max) => [min - halfBucket, max + halfBucket] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      { ...axis, space: 64 },
      {
        ...axis,
        size: 44,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 100_000],
        values: (_u, ticks) => ticks.map((t) => formatCount(t)),
      },
    ],
    series: [
      {},
      { label: 'Failed', fill: themeColor('--danger'), width: 0, paths: bars, points },
      { label: 'Succeeded', fill: themeColor('--success-fg'), width: 0, paths: bars, points },
    ],
    hooks: {
      setCursor: [(u) => onHover(u.cursor.idx ?? undefined)],
    },
  };
};

/**
 * Attempts per bucket as stacked bars, drawn by uPlot on a canvas. uPlot sizes its own elements
 * through the CSS object model, which the pages' Content-Security-Policy allows. It is hidden
 * from screen readers: the figure's caption says in words what it shows.
 */
export const BarChart = ({
  buckets,
  interval,
  onHover,
}: {
  buckets: readonly Bucket[];
  interval: Interval;
  onHover: (bucket: Bucket | undefined) => void;
}) => {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | undefined>(undefined);
  const shown = useRef(buckets);
  const hover = useRef(onHover);
  shown.current = buckets;
  hover.current = onHover;

  useEffect(() => {
    const element = holder.current!;
    const pick = (index: number | undefined) =>
      hover.current(index === undefined ? undefined : shown.current[index]);
    const made = new uPlot(
      optionsOf(interval, element.clientWidth, pick),
      seriesData(shown.current),
      element,
    );
    chart.current = made;
    const resized = new ResizeObserver(() => {
      const width = element.clientWidth;
      made.setSize({ width, height: width < PHONE_WIDTH ? PHONE_HEIGHT : HEIGHT });
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      made.destroy();
      chart.current = undefined;
    };
  }, [interval]);

  useEffect(() => {
    chart.current?.setData(seriesData(buckets));
  }, [buckets]);

  return <div class="bar-chart" ref={holder} aria-hidden="true" />;
};

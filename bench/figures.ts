import { median } from './support.js';

/**
 * What a benchmark reports: figures, each measured next to what it is judged against in the same
 * run on the same machine (the ceiling of the machine, or the small case of a growth figure), so
 * that the ratio holds however fast or busy the machine is.
 */
export type Figure = {
  what: string;
  value: number;
  unit: string;
  /** The ceiling, or the baseline a growth figure is compared with. */
  against: { what: string; value: number };
  /** value / against.value */
  ratio: number;
  /** Absent where the issue that asked for the benchmark set none. */
  target?: { ratio: number; is: 'at least' | 'at most' };
};

export type BenchmarkResult = {
  name: string;
  title: string;
  figures: Figure[];
  /** What the reader needs to read the figures: sizes, phases, what was left out. */
  notes: string[];
};

export type BenchmarkOptions = { quick: boolean };
export type Benchmark = (options: BenchmarkOptions) => Promise<BenchmarkResult>;

type FigureInput = Omit<Figure, 'ratio' | 'target'> & { target: Figure['target'] | undefined };

export const figure = ({ target, ...input }: FigureInput): Figure => ({
  ...input,
  ratio: input.value / input.against.value,
  ...(target && { target }),
});

export const meetsTarget = (f: Figure): boolean | undefined =>
  f.target && (f.target.is === 'at least' ? f.ratio >= f.target.ratio : f.ratio <= f.target.ratio);

/** A figure judged by its ratio to what it is measured against, `is` that target ratio. */
const targeted =
  (is: NonNullable<Figure['target']>['is']) =>
  (
    what: string,
    value: number,
    unit: string,
    against: { what: string; value: number },
    ratio?: number,
  ): Figure =>
    figure({
      what,
      value,
      unit,
      against,
      target: ratio === undefined ? undefined : { ratio, is },
    });

/** A rate (more is better) that should reach at least `ratio` of its ceiling. */
export const ofCeiling = targeted('at least');

/**
 * A rate measured in rounds, each next to its own measure of the ceiling: the figure and the
 * ceiling are the rounds' medians, and the ratio is the median of the rounds' ratios, so that a
 * machine whose speed drifts between rounds moves neither.
 */
export const pairedFigure = (
  what: string,
  rounds: ReadonlyArray<{ value: number; ceiling: number }>,
  unit: string,
  ceilingWhat: string,
  ratio: number,
): Figure => ({
  ...ofCeiling(
    what,
    median(rounds.map((r) => r.value)),
    unit,
    { what: ceilingWhat, value: median(rounds.map((r) => r.ceiling)) },
    ratio,
  ),
  ratio: median(rounds.map((r) => r.value / r.ceiling)),
});

/** A cost (less is better) that should stay within `ratio` times what it is measured against. */
export const withinCeiling = targeted('at most');

import type { RunTrace } from './runTrace';
import { runsWithin } from './runTrace';
import type { MapRuns } from './stepFlow';

/** Up to this many runs, a map's runs are drawn side by side; past it, when the reader asks. */
export const RUNS_DRAWN_AT_ONCE = 8;
/** Past this many, a map's steps are drawn once: the list of steps shows each run. */
export const MOST_RUNS_DRAWN = 60;

/** The lanes of the one run of a map step in a scope; none where it ran more than once there. */
const lanesOfMap = (trace: RunTrace, mapStepId: string, scope: string): string[] | undefined => {
  const runs = runsWithin(trace, mapStepId, scope);
  return runs.length === 1 ? runs[0]!.lanes : undefined;
};

/** Which maps the graph draws run by run: a few runs always, up to the most when asked. */
export const mapRunsOf =
  (trace: RunTrace, every: boolean): MapRuns =>
  (mapStepId, scope) => {
    const lanes = lanesOfMap(trace, mapStepId, scope);
    if (!lanes || lanes.length === 0) return undefined;
    return lanes.length <= (every ? MOST_RUNS_DRAWN : RUNS_DRAWN_AT_ONCE) ? lanes : undefined;
  };

/** Whether some map ran more times than are drawn at once, and could be drawn run by run. */
export const hasFoldedRuns = (trace: RunTrace): boolean =>
  [...trace.runs.values()].some((runs) =>
    runs.some((run) => {
      const count = run.lanes?.length ?? 0;
      return run.mapped === true && count > RUNS_DRAWN_AT_ONCE && count <= MOST_RUNS_DRAWN;
    }),
  );

/** What the drawn lanes depend on: the lanes of every fork the instance ran. */
export const laneSignature = (trace: RunTrace): string =>
  [...trace.runs]
    .flatMap(([stepId, runs]) =>
      runs.filter((run) => run.lanes).map((run) => `${run.lane}/${stepId}:${run.lanes!.join()}`),
    )
    .join('\n');

import type { History, Instance, InstanceStep } from '../processApi';

/** One run of a step: the lane it ran in ('' on the main line) and how it stands. */
export type StepRun = {
  lane: string;
  status: string;
  /** Where the run went on from a completed step (a choice's branch); null: the end of its line. */
  next?: string | null;
  /** The code of its failure, which decides the catch or timeout it took. */
  errorCode?: string;
  /** A fork's lanes, in index order, and whether they are a map's runs. */
  lanes?: string[];
  mapped?: boolean;
};

/** What an instance did, step by step: what the graph draws on a definition's steps. */
export type RunTrace = {
  instance: Instance;
  /** Each step's runs, by step id: a map's steps once per item. */
  runs: Map<string, StepRun[]>;
  /** Whether the history was read whole: a hidden step it does not tell of was not reached. */
  wholeHistory: boolean;
};

/** How a step stands after each of its events, for the steps the instance does not list. */
const STATUS_AFTER: Record<string, string> = {
  'process_instance.step_started': 'running',
  'process_instance.step_waiting': 'waiting',
  'process_instance.step_retrying': 'waiting',
  'process_instance.step_completed': 'completed',
  'process_instance.step_failed': 'failed',
  'process_instance.step_skipped': 'skipped',
};

const choiceNext = (step: InstanceStep): string | null | undefined => {
  const output = step.output;
  if (step.type !== 'choice' || !output || typeof output !== 'object' || !('next' in output))
    return undefined;
  return typeof output.next === 'string' ? output.next : null;
};

const add = (runs: Map<string, StepRun[]>, stepId: string, run: StepRun) =>
  runs.set(stepId, [...(runs.get(stepId) ?? []), run]);

/** The steps the instance lists, those of its lanes too. */
const listedRuns = (steps: InstanceStep[], lane: string, runs: Map<string, StepRun[]>) => {
  for (const step of steps) {
    const next = choiceNext(step);
    add(runs, step.id, {
      lane,
      status: step.status,
      ...(next !== undefined && { next }),
      ...(step.error && { errorCode: step.error.code }),
      ...(step.lanes && { lanes: step.lanes.map((l) => l.lane), mapped: step.type === 'map' }),
    });
    for (const inner of step.lanes ?? []) listedRuns(inner.steps, inner.lane, runs);
  }
};

type StepEventData = { step_id?: unknown; lane?: unknown; next?: unknown; error?: unknown };

/**
 * The steps an instance does not list (hidden ones run like the others), from its history: each
 * run's last event says how it stands, a completion where it went on.
 */
const hiddenRuns = (
  history: History,
  listed: ReadonlySet<string>,
  runs: Map<string, StepRun[]>,
) => {
  const found = new Map<string, { stepId: string; run: StepRun }>();
  for (const event of history.events) {
    const status = STATUS_AFTER[event.type];
    const data = event.data as StepEventData;
    if (!status || typeof data.step_id !== 'string' || listed.has(data.step_id)) continue;
    const lane = typeof data.lane === 'string' ? data.lane : '';
    const key = `${lane}\n${data.step_id}`;
    const error = data.error as { code?: unknown } | undefined;
    found.set(key, {
      stepId: data.step_id,
      run: {
        lane,
        status,
        ...(status === 'completed' && {
          next: typeof data.next === 'string' ? data.next : null,
        }),
        ...(typeof error?.code === 'string' && { errorCode: error.code }),
      },
    });
  }
  for (const { stepId, run } of found.values()) add(runs, stepId, run);
};

/** The instance's runs of its steps: those it lists, and the hidden ones its history tells of. */
export const traceOf = (instance: Instance, history?: History): RunTrace => {
  const runs = new Map<string, StepRun[]>();
  listedRuns(instance.steps, '', runs);
  if (history) hiddenRuns(history, new Set(runs.keys()), runs);
  return { instance, runs, wholeHistory: history?.complete ?? false };
};

/** Whether a lane is `scope` or one inside it ('' holds every lane). */
const inScope = (lane: string, scope: string) =>
  scope === '' || lane === scope || lane.startsWith(`${scope}/`);

/** A step's runs within a lane of the instance (and the lanes inside it). */
export const runsWithin = (trace: RunTrace, stepId: string, scope: string): StepRun[] =>
  (trace.runs.get(stepId) ?? []).filter((run) => inScope(run.lane, scope));

import type { Instance, Step } from '../processApi';
import type { FlowEdge } from './stepFlow';
import { END, joinOf, START } from './stepFlow';

/** What the graph draws on a step of an instance. */
export type StepState =
  | 'completed'
  | 'running'
  | 'waiting'
  | 'failed'
  | 'skipped'
  | 'cancelled'
  | 'stopped'
  | 'not_reached'
  | 'hidden';

export const STATE_LABEL: Record<StepState, string> = {
  completed: 'Completed',
  running: 'Running',
  waiting: 'Waiting',
  failed: 'Failed',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
  stopped: 'Stopped',
  not_reached: 'Not reached',
  hidden: 'Hidden',
};

export const STATE_MEANING: Record<StepState, string> = {
  completed: 'ran to its end',
  running: 'in progress now',
  waiting: 'on a timer, a person or an approval',
  failed: 'stopped the run with an error',
  skipped: 'its condition was false',
  cancelled: 'in progress when the run was cancelled',
  stopped: 'in progress when its run or its fork ended',
  not_reached: 'the run has not come here',
  hidden: 'runs, but is not listed on instances',
};

/** The order of the legend: from what happened to what did not. */
export const STATES: StepState[] = Object.keys(STATE_LABEL) as StepState[];

const IN_PROGRESS = new Set(['pending', 'running', 'waiting']);

type Reached = Instance['steps'][number];

/** Every step the instance reached, those of its lanes too: a map's step once per run. */
const reachedSteps = (steps: Reached[], into = new Map<string, Reached[]>()) => {
  for (const step of steps) {
    into.set(step.id, [...(into.get(step.id) ?? []), step]);
    for (const lane of step.lanes ?? []) reachedSteps(lane.steps, into);
  }
  return into;
};

/** A map's step across its runs: failed if one failed, under way if one is, else as they all are. */
const AGGREGATE: StepState[] = [
  'failed',
  'waiting',
  'running',
  'cancelled',
  'stopped',
  'completed',
  'skipped',
];

const stateOfOne = (reached: Reached, instance: Instance): StepState => {
  // The read model leaves the step that was in progress as it stood when the run was cancelled.
  if (IN_PROGRESS.has(reached.status) && instance.status === 'cancelled') return 'cancelled';
  if (reached.status === 'pending') return 'running';
  return reached.status in STATE_LABEL ? reached.status : 'running';
};

/** One step's state on this instance, from the steps the instance lists. */
const stateOf = (step: Step, reached: Reached[] | undefined, instance: Instance): StepState => {
  if (!reached || reached.length === 0) return step.visible === false ? 'hidden' : 'not_reached';
  const states = new Set(reached.map((one) => stateOfOne(one, instance)));
  return AGGREGATE.find((state) => states.has(state)) ?? 'running';
};

/** The steps of a definition, those in lanes too. */
const allSteps = (steps: Step[]): Step[] =>
  steps.flatMap((step) => [
    step,
    ...(step.type === 'parallel'
      ? allSteps(step.branches.flatMap((branch) => branch.steps))
      : step.type === 'map'
        ? allSteps(step.steps)
        : []),
  ]);

/** Each step's state, and each fork's join: passed once its fork completed. */
export const stepStates = (steps: Step[], instance: Instance): Map<string, StepState> => {
  const reached = reachedSteps(instance.steps);
  const states = new Map<string, StepState>();
  for (const step of allSteps(steps)) {
    const state = stateOf(step, reached.get(step.id), instance);
    states.set(step.id, state);
    if ((step.type === 'parallel' || step.type === 'map') && state === 'completed')
      states.set(joinOf(step.id), 'completed');
  }
  return states;
};

const PASSED: ReadonlySet<StepState> = new Set(['completed', 'skipped']);
const UNREACHED: ReadonlySet<StepState | undefined> = new Set(['not_reached', 'hidden', undefined]);

/** Whether the failure of the edge's step was of the kind this way out handles. */
const handledHere = (edge: FlowEdge, instance: Instance): boolean => {
  const code = instance.steps.find((s) => s.id === edge.from)?.error?.code;
  if (code === undefined) return false;
  if (edge.kind === 'timeout') return code === 'timeout';
  if (edge.except?.includes(code)) return false;
  return (edge.codes ?? []).some((c) => c === '*' || c === code);
};

/**
 * Whether the run went along an edge: its source is done and its target was reached. A choice
 * says which way it went (its output's `next`), so only that edge of a choice counts.
 */
export const travelled = (
  edge: FlowEdge,
  states: Map<string, StepState>,
  instance: Instance,
): boolean => {
  // Handled: the step failed in the way this edge takes (a timeout, a code its clause names), and
  // the instance went on where it says.
  if (edge.kind === 'timeout' || edge.kind === 'catch')
    return (
      states.get(edge.from) === 'failed' &&
      handledHere(edge, instance) &&
      !UNREACHED.has(states.get(edge.to))
    );
  const choiceWent = instance.steps.find((s) => s.id === edge.from && s.type === 'choice')?.output;
  if (choiceWent && typeof choiceWent === 'object' && 'next' in choiceWent)
    return (choiceWent.next ?? END) === edge.to;
  const fromDone = edge.from === START || PASSED.has(states.get(edge.from) ?? 'not_reached');
  const toReached =
    edge.to === END ? instance.status === 'completed' : !UNREACHED.has(states.get(edge.to));
  return fromDone && toReached;
};

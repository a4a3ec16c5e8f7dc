import type { Instance } from '../processApi';
import { isTerminal } from '../processApi';
import type { RunTrace, StepRun } from './runTrace';
import { runsWithin } from './runTrace';
import type { FlowEdge, FlowNode, StepFlow } from './stepFlow';
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
  | 'not_reached';

export const STATE_LABEL: Record<StepState, string> = {
  completed: 'Completed',
  running: 'Running',
  waiting: 'Waiting',
  failed: 'Failed',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
  stopped: 'Stopped',
  not_reached: 'Not reached',
};

export const STATE_MEANING: Record<StepState, string> = {
  completed: 'ran to its end',
  running: 'in progress now',
  waiting: 'on a timer, a person or an approval',
  failed: 'stopped the run with an error',
  skipped: 'its condition was false',
  cancelled: 'in progress when the run was cancelled',
  stopped: 'in progress when its fork failed or its run ended',
  not_reached: 'the run has not come here',
};

/** The order of the legend: from what happened to what did not. */
export const STATES: StepState[] = Object.keys(STATE_LABEL) as StepState[];

const IN_PROGRESS: ReadonlySet<string> = new Set(['pending', 'running', 'waiting']);

/**
 * One run's state. A run still in progress on an instance that has ended was cut short: by the
 * cancellation, or, when a lane's fork failed or its run ended otherwise, stopped. Instances read
 * before the API said so show it this way too.
 */
export const stateOfStatus = (status: string, instance: Instance): StepState => {
  if (IN_PROGRESS.has(status) && isTerminal(instance))
    return instance.status === 'cancelled' ? 'cancelled' : 'stopped';
  if (status === 'pending') return 'running';
  return status in STATE_LABEL ? (status as StepState) : 'running';
};

/** A step across its runs: failed if one failed, under way if one is, else as they all are. */
const AGGREGATE: StepState[] = [
  'failed',
  'waiting',
  'running',
  'stopped',
  'cancelled',
  'completed',
  'skipped',
];

const stateOfRuns = (runs: StepRun[], instance: Instance): StepState | undefined => {
  if (runs.length === 0) return undefined;
  const states = new Set(runs.map((run) => stateOfStatus(run.status, instance)));
  return AGGREGATE.find((state) => states.has(state)) ?? 'running';
};

type StepNode = Extract<FlowNode, { kind: 'step' }>;

const runsOf = (node: StepNode, trace: RunTrace) => runsWithin(trace, node.step.id, node.scope);

const PASSED: ReadonlySet<StepState | undefined> = new Set(['completed', 'skipped']);
const UNREACHED: ReadonlySet<StepState | undefined> = new Set(['not_reached', undefined]);

/** Whether the run came to a node: a step it reached, a join it passed, the end of a run done. */
const reached = (id: string, states: Map<string, StepState>, instance: Instance): boolean =>
  id === START || (id === END ? instance.status === 'completed' : !UNREACHED.has(states.get(id)));

/**
 * A hidden step whose events lie beyond the part of a long history that was read, that the run
 * went past all the same: completed, since a step after it was reached.
 */
const passedUntold = (flow: StepFlow, states: Map<string, StepState>, instance: Instance) => {
  const hidden = new Set(
    flow.nodes.filter((n) => n.kind === 'step' && n.step.visible === false).map((n) => n.id),
  );
  const ordinary = flow.edges.filter(
    (e) => hidden.has(e.from) && e.kind !== 'timeout' && e.kind !== 'catch',
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const edge of ordinary)
      if (states.get(edge.from) === 'not_reached' && reached(edge.to, states, instance)) {
        states.set(edge.from, 'completed');
        changed = true;
      }
  }
};

/** Each step's state on the instance, and each fork's join: passed once its fork completed. */
export const flowStates = (flow: StepFlow, trace: RunTrace): Map<string, StepState> => {
  const states = new Map<string, StepState>();
  for (const node of flow.nodes)
    if (node.kind === 'step')
      states.set(node.id, stateOfRuns(runsOf(node, trace), trace.instance) ?? 'not_reached');
  if (!trace.wholeHistory) passedUntold(flow, states, trace.instance);
  for (const node of flow.nodes)
    if (node.kind === 'step' && states.get(node.id) === 'completed')
      if (node.step.type === 'parallel' || node.step.type === 'map')
        states.set(joinOf(node.id), 'completed');
  return states;
};

/** Where a completed choice went, on each of its runs: a step id, or null for its line's end. */
export const choiceWent = (node: StepNode, trace: RunTrace): Set<string | null> =>
  new Set(
    runsOf(node, trace)
      .filter((run) => run.status === 'completed' && run.next !== undefined)
      .map((run) => run.next ?? null),
  );

/** Whether the failure of the edge's step was of the kind this way out handles. */
const handledHere = (edge: FlowEdge, node: StepNode, trace: RunTrace): boolean =>
  runsOf(node, trace).some(({ errorCode: code }) => {
    if (code === undefined) return false;
    if (edge.kind === 'timeout') return code === 'timeout';
    if (edge.except?.includes(code)) return false;
    return (edge.codes ?? []).some((c) => c === '*' || c === code);
  });

/** How the run used an edge: went along it, or, out of a choice that went elsewhere, not. */
export type EdgeUse = 'travelled' | 'untaken' | 'unused';

/**
 * How the run used each edge. A choice says which way it went, so only that edge of it is
 * travelled and its others are untaken; a fork went into each lane it reached; a failure went
 * where its catch or timeout says; otherwise an edge is travelled when its source is done and its
 * target reached.
 */
export const edgeUses = (
  flow: StepFlow,
  states: Map<string, StepState>,
  trace: RunTrace,
): Map<string, EdgeUse> => {
  const { instance } = trace;
  const nodes = new Map(flow.nodes.map((node) => [node.id, node]));
  const stepOf = (id: string) => {
    const node = nodes.get(id);
    return node?.kind === 'step' ? node : undefined;
  };
  const useOf = (edge: FlowEdge): EdgeUse => {
    const from = stepOf(edge.from);
    const arrived = reached(edge.to, states, instance);
    if (edge.kind === 'timeout' || edge.kind === 'catch')
      return from && states.get(from.id) === 'failed' && handledHere(edge, from, trace) && arrived
        ? 'travelled'
        : 'unused';
    if (edge.kind === 'lane') return arrived ? 'travelled' : 'unused';
    if (from?.step.type === 'choice') {
      const went = choiceWent(from, trace);
      if (went.size > 0)
        return went.has(stepOf(edge.to)?.step.id ?? null) ? 'travelled' : 'untaken';
    }
    const done = edge.from === START || PASSED.has(states.get(edge.from));
    return done && arrived ? 'travelled' : 'unused';
  };
  return new Map(flow.edges.map((edge) => [edge.id, useOf(edge)]));
};

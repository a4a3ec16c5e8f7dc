import type { Step } from '../processApi';

/** Where a run begins and ends: drawn as the graph's two terminals, never a step id. */
export const START = '#start';
export const END = '#end';

/** The node where the lanes of a parallel or map step meet again. */
export const joinOf = (forkId: string): string => `${forkId}#join`;

/** A node's place in a fork: the lane it is drawn in, by the lane's index. */
export type LaneSeat = { fork: string; index: number };

/**
 * The run's start and end, and the joins of forks, drawn as pills; steps as boxes. A step drawn
 * once per run of a map is drawn in that run's lane (`scope`, the instance's lane name, such as
 * `lines[2]`); elsewhere its scope is ''. `within` lists the lanes it is drawn in, outermost first.
 */
export type FlowNode =
  | { kind: 'terminal'; id: string; label: string; within: LaneSeat[] }
  | { kind: 'step'; id: string; step: Step; scope: string; within: LaneSeat[] };

/**
 * How control passes: a `next` the definition names, a choice's branch (with its condition) or its
 * otherwise, the implied sequence of a step without `next` to the one after it, a fork into one
 * of its lanes, a person's step's escalation past its deadline (`on_timeout`), or a `catch`
 * clause, labelled with its codes.
 */
export type EdgeKind = 'next' | 'sequence' | 'branch' | 'otherwise' | 'lane' | 'timeout' | 'catch';

export type FlowEdge = {
  id: string;
  from: string;
  to: string;
  kind: EdgeKind;
  label?: string;
  /** A catch clause's codes (`*`: any), and those it leaves to another way out: which failures take it. */
  codes?: string[];
  except?: string[];
};

export type StepFlow = { nodes: FlowNode[]; edges: FlowEdge[] };

/**
 * The lanes to draw for a map step in a scope, one per run of its steps; undefined draws its
 * steps once, for every item.
 */
export type MapRuns = (mapStepId: string, scope: string) => string[] | undefined;

/** Where a list of steps is drawn: its scope, where its line ends, the lanes it is in. */
type Line = { scope: string; end: string; within: LaneSeat[]; mapRuns: MapRuns | undefined };

const idIn = (scope: string, stepId: string): string => (scope ? `${scope}/${stepId}` : stepId);

/** The step after this one in its list, or where the list ends (the run's end, a fork's join). */
const following = (steps: Step[], index: number, line: Line): string => {
  const next = steps[index + 1];
  return next ? idIn(line.scope, next.id) : line.end;
};

const choiceEdges = (
  step: Extract<Step, { type: 'choice' }>,
  id: string,
  line: Line,
  after: string,
): FlowEdge[] => [
  ...step.branches.map((branch, n): FlowEdge => ({
    id: `${id}:branch:${n}`,
    from: id,
    to: idIn(line.scope, branch.next),
    kind: 'branch',
    label: branch.when,
  })),
  {
    id: `${id}:otherwise`,
    from: id,
    to: step.otherwise ? idIn(line.scope, step.otherwise) : after,
    kind: 'otherwise',
    label: 'otherwise',
  },
];

/** Where a step goes when it fails in a way its definition handles: past a deadline, a catch. */
const handlers = (step: Step, id: string, line: Line): FlowEdge[] => [
  ...('on_timeout' in step && step.on_timeout
    ? [
        {
          id: `${id}:timeout`,
          from: id,
          to: idIn(line.scope, step.on_timeout),
          kind: 'timeout' as const,
          label: 'timeout',
        },
      ]
    : []),
  ...(step.catch ?? []).map((clause, n): FlowEdge => ({
    id: `${id}:catch:${n}`,
    from: id,
    to: idIn(line.scope, clause.next),
    kind: 'catch',
    label: `catch ${clause.on.join(', ')}`,
    codes: clause.on,
    // A timeout goes to on_timeout, where the step has one, before any catch.
    except: 'on_timeout' in step && step.on_timeout ? ['timeout'] : [],
  })),
];

type Lane = { steps: Step[]; line: Line; label: string };

/** The last part of a lane's name: `lines[2]` of `checks[0]/lines[2]`. */
const shortLane = (lane: string): string => lane.slice(lane.lastIndexOf('/') + 1);

/**
 * The lanes a fork runs, in index order: a parallel's branches; a map's runs where they are drawn
 * apart, else its steps once for every item.
 */
const lanesOf = (step: Step, id: string, line: Line): Lane[] => {
  const into = (index: number, scope: string): Line => ({
    scope,
    end: joinOf(id),
    within: [...line.within, { fork: id, index }],
    mapRuns: line.mapRuns,
  });
  if (step.type === 'parallel')
    return step.branches.map((branch, n) => ({
      steps: branch.steps,
      line: into(n, line.scope),
      label: `branch ${n + 1}`,
    }));
  if (step.type !== 'map') return [];
  const runs = line.mapRuns?.(step.id, line.scope);
  if (!runs) return [{ steps: step.steps, line: into(0, line.scope), label: 'each item' }];
  return runs.map((lane, n) => ({
    steps: step.steps,
    line: into(n, lane),
    label: shortLane(lane),
  }));
};

/** A fork: into each of its lanes, through them to its join, and from the join on. */
const forkEdges = (step: Step, id: string, line: Line, after: string): FlowEdge[] => {
  const join = joinOf(id);
  const next = 'next' in step ? step.next : undefined;
  const lanes = lanesOf(step, id, line);
  return [
    ...lanes.map((lane, n): FlowEdge => ({
      id: `${id}:lane:${n}`,
      from: id,
      to: idIn(lane.line.scope, lane.steps[0]!.id),
      kind: 'lane',
      label: lane.label,
    })),
    ...lanes.flatMap((lane) => lane.steps.flatMap((_, i) => edgesFrom(lane.steps, i, lane.line))),
    next === undefined
      ? { id: `${join}:sequence`, from: join, to: after, kind: 'sequence' }
      : { id: `${join}:next`, from: join, to: idIn(line.scope, next), kind: 'next' },
  ];
};

/** The ways on from a step that did not fail. */
const ordinaryEdgesFrom = (steps: Step[], index: number, line: Line): FlowEdge[] => {
  const step = steps[index]!;
  const id = idIn(line.scope, step.id);
  const after = following(steps, index, line);
  switch (step.type) {
    case 'parallel':
    case 'map':
      return forkEdges(step, id, line, after);
    case 'choice':
      return choiceEdges(step, id, line, after);
    // A fail step ends the instance as failed: nothing runs after it.
    case 'fail':
      return [];
    // A succeed step ends its line at once (the run, or its lane), whatever follows it.
    case 'succeed':
      return [{ id: `${id}:end`, from: id, to: line.end, kind: 'next' }];
    default:
      return step.next === undefined
        ? [{ id: `${id}:sequence`, from: id, to: after, kind: 'sequence' }]
        : [{ id: `${id}:next`, from: id, to: idIn(line.scope, step.next), kind: 'next' }];
  }
};

/** The edges that leave one step, read as the service runs it (domain/processes/execution). */
const edgesFrom = (steps: Step[], index: number, line: Line): FlowEdge[] => [
  ...ordinaryEdgesFrom(steps, index, line),
  ...handlers(steps[index]!, idIn(line.scope, steps[index]!.id), line),
];

/** A node per step, those in lanes too, and a join per fork. */
const nodesOf = (steps: Step[], line: Line): FlowNode[] =>
  steps.flatMap((step): FlowNode[] => {
    const id = idIn(line.scope, step.id);
    const own: FlowNode = { kind: 'step', id, step, scope: line.scope, within: line.within };
    const lanes = lanesOf(step, id, line);
    if (lanes.length === 0) return [own];
    return [
      own,
      ...lanes.flatMap((lane) => nodesOf(lane.steps, lane.line)),
      { kind: 'terminal', id: joinOf(id), label: 'Join', within: line.within },
    ];
  });

/**
 * A definition's steps as a graph: a node per step between a start and an end. Given `mapRuns`,
 * a map's runs are drawn as lanes of their own, side by side in index order.
 */
export const stepFlow = (steps: Step[], mapRuns?: MapRuns): StepFlow => {
  const line: Line = { scope: '', end: END, within: [], mapRuns };
  const edges: FlowEdge[] = [
    ...(steps[0] ? [{ id: 'start', from: START, to: steps[0].id, kind: 'sequence' as const }] : []),
    ...steps.flatMap((_, index) => edgesFrom(steps, index, line)),
  ];
  const reachesEnd = edges.some((edge) => edge.to === END);
  const start: FlowNode = { kind: 'terminal', id: START, label: 'Start', within: [] };
  const end: FlowNode = { kind: 'terminal', id: END, label: 'End', within: [] };
  const nodes: FlowNode[] = [start, ...nodesOf(steps, line), ...(reachesEnd ? [end] : [])];
  return { nodes, edges };
};

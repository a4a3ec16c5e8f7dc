import type { Step } from '../processApi';

/** Where a run begins and ends: drawn as the graph's two terminals, never a step id. */
export const START = '#start';
export const END = '#end';

/** The node where the lanes of a parallel or map step meet again. */
export const joinOf = (forkId: string): string => `${forkId}#join`;

/** The run's start and end, and the joins of forks, drawn as pills; steps as boxes. */
export type FlowNode =
  { kind: 'terminal'; id: string; label: string } | { kind: 'step'; id: string; step: Step };

/**
 * How control passes: a `next` the definition names, a choice's branch (with its condition) or its
 * otherwise, the implied sequence of a step without `next` to the one after it, a person's step's
 * escalation past its deadline (`on_timeout`), or a `catch` clause, labelled with its codes.
 */
export type EdgeKind = 'next' | 'sequence' | 'branch' | 'otherwise' | 'timeout' | 'catch';

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

/** The step after this one in its list, or where the list ends (the run's end, a fork's join). */
const following = (steps: Step[], index: number, end: string): string =>
  steps[index + 1]?.id ?? end;

const choiceEdges = (step: Extract<Step, { type: 'choice' }>, after: string): FlowEdge[] => [
  ...step.branches.map((branch, n): FlowEdge => ({
    id: `${step.id}:branch:${n}`,
    from: step.id,
    to: branch.next,
    kind: 'branch',
    label: branch.when,
  })),
  {
    id: `${step.id}:otherwise`,
    from: step.id,
    to: step.otherwise ?? after,
    kind: 'otherwise',
    label: 'otherwise',
  },
];

/** Where a step goes when it fails in a way its definition handles: past a deadline, a catch. */
const handlers = (step: Step): FlowEdge[] => [
  ...('on_timeout' in step && step.on_timeout
    ? [
        {
          id: `${step.id}:timeout`,
          from: step.id,
          to: step.on_timeout,
          kind: 'timeout' as const,
          label: 'timeout',
        },
      ]
    : []),
  ...(step.catch ?? []).map((clause, n): FlowEdge => ({
    id: `${step.id}:catch:${n}`,
    from: step.id,
    to: clause.next,
    kind: 'catch',
    label: `catch ${clause.on.join(', ')}`,
    codes: clause.on,
    // A timeout goes to on_timeout, where the step has one, before any catch.
    except: 'on_timeout' in step && step.on_timeout ? ['timeout'] : [],
  })),
];

/** The edges that leave one step, read as the service runs it (domain/processes/execution). */
const edgesFrom = (steps: Step[], index: number, end: string): FlowEdge[] => [
  ...ordinaryEdgesFrom(steps, index, end),
  ...handlers(steps[index]!),
];

/** The lists of steps a fork runs as lanes: a parallel's branches, a map's steps. */
const lanesOf = (step: Step): Step[][] =>
  step.type === 'parallel'
    ? step.branches.map((branch) => branch.steps)
    : step.type === 'map'
      ? [step.steps]
      : [];

/** A fork: into each of its lanes, through them to its join, and from the join on. */
const forkEdges = (step: Step, after: string): FlowEdge[] => {
  const join = joinOf(step.id);
  const next = 'next' in step ? step.next : undefined;
  const lists = lanesOf(step);
  return [
    ...lists.map((list, n): FlowEdge => ({
      id: `${step.id}:lane:${n}`,
      from: step.id,
      to: list[0]!.id,
      kind: 'branch',
      label: step.type === 'map' ? 'each item' : `branch ${n + 1}`,
    })),
    ...lists.flatMap((list) => list.flatMap((_, i) => edgesFrom(list, i, join))),
    next === undefined
      ? { id: `${join}:sequence`, from: join, to: after, kind: 'sequence' }
      : { id: `${join}:next`, from: join, to: next, kind: 'next' },
  ];
};

/** The ways on from a step that did not fail. */
const ordinaryEdgesFrom = (steps: Step[], index: number, end: string): FlowEdge[] => {
  const step = steps[index]!;
  const after = following(steps, index, end);
  switch (step.type) {
    case 'parallel':
    case 'map':
      return forkEdges(step, after);
    case 'choice':
      return choiceEdges(step, after);
    // A fail step ends the instance as failed: nothing runs after it.
    case 'fail':
      return [];
    // A succeed step ends its line at once (the run, or its lane), whatever follows it.
    case 'succeed':
      return [{ id: `${step.id}:end`, from: step.id, to: end, kind: 'next' }];
    default:
      return step.next === undefined
        ? [{ id: `${step.id}:sequence`, from: step.id, to: after, kind: 'sequence' }]
        : [{ id: `${step.id}:next`, from: step.id, to: step.next, kind: 'next' }];
  }
};

/** A node per step, those in lanes too, and a join per fork. */
const nodesOf = (steps: Step[]): FlowNode[] =>
  steps.flatMap((step): FlowNode[] => {
    const own: FlowNode = { kind: 'step', id: step.id, step };
    const lists = lanesOf(step);
    if (lists.length === 0) return [own];
    return [
      own,
      ...lists.flatMap(nodesOf),
      { kind: 'terminal', id: joinOf(step.id), label: 'Join' },
    ];
  });

/** A definition's steps as a graph: a node per step between a start and an end. */
export const stepFlow = (steps: Step[]): StepFlow => {
  const edges: FlowEdge[] = [
    ...(steps[0] ? [{ id: 'start', from: START, to: steps[0].id, kind: 'sequence' as const }] : []),
    ...steps.flatMap((_, index) => edgesFrom(steps, index, END)),
  ];
  const reachesEnd = edges.some((edge) => edge.to === END);
  const start: FlowNode = { kind: 'terminal', id: START, label: 'Start' };
  const end: FlowNode = { kind: 'terminal', id: END, label: 'End' };
  const nodes: FlowNode[] = [start, ...nodesOf(steps), ...(reachesEnd ? [end] : [])];
  return { nodes, edges };
};

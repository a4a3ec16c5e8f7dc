import type { Step } from '../processApi';

/** Where a run begins and ends: drawn as the graph's two terminals, never a step id. */
export const START = '#start';
export const END = '#end';

export type FlowNode =
  | { kind: 'terminal'; id: typeof START | typeof END; label: string }
  | { kind: 'step'; id: string; step: Step };

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

const following = (steps: Step[], index: number): string => steps[index + 1]?.id ?? END;

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
const edgesFrom = (steps: Step[], index: number): FlowEdge[] => [
  ...ordinaryEdgesFrom(steps, index),
  ...handlers(steps[index]!),
];

/** The ways on from a step that did not fail. */
const ordinaryEdgesFrom = (steps: Step[], index: number): FlowEdge[] => {
  const step = steps[index]!;
  const after = following(steps, index);
  switch (step.type) {
    case 'choice':
      return choiceEdges(step, after);
    // A fail step ends the instance as failed: nothing runs after it.
    case 'fail':
      return [];
    // A succeed step ends the instance at once, whatever follows it in the list.
    case 'succeed':
      return [{ id: `${step.id}:end`, from: step.id, to: END, kind: 'next' }];
    default:
      return step.next === undefined
        ? [{ id: `${step.id}:sequence`, from: step.id, to: after, kind: 'sequence' }]
        : [{ id: `${step.id}:next`, from: step.id, to: step.next, kind: 'next' }];
  }
};

/** A definition's steps as a graph: a node per step between a start and an end. */
export const stepFlow = (steps: Step[]): StepFlow => {
  const edges: FlowEdge[] = [
    ...(steps[0] ? [{ id: 'start', from: START, to: steps[0].id, kind: 'sequence' as const }] : []),
    ...steps.flatMap((_, index) => edgesFrom(steps, index)),
  ];
  const reachesEnd = edges.some((edge) => edge.to === END);
  const start: FlowNode = { kind: 'terminal', id: START, label: 'Start' };
  const end: FlowNode = { kind: 'terminal', id: END, label: 'End' };
  const nodes: FlowNode[] = [
    start,
    ...steps.map((step): FlowNode => ({ kind: 'step', id: step.id, step })),
    ...(reachesEnd ? [end] : []),
  ];
  return { nodes, edges };
};

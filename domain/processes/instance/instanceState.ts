import type { DefinitionRef, InstanceError, ParentRef, StepWait } from './instanceEvents.js';

export type InstanceStatus =
  'pending' | 'running' | 'waiting' | 'completed' | 'failed' | 'cancelled';

export const TERMINAL_STATUSES: ReadonlySet<InstanceStatus> = new Set([
  'completed',
  'failed',
  'cancelled',
]);

/**
 * The step in progress: started and not yet completed or failed. `failures`: how many of its
 * attempts failed and were retried.
 */
export type CurrentStep = { step_id: string; wait: StepWait | null; failures?: number };

/** Where a line of steps stands: the instance's main line, or a lane (see lanes.ts). */
export type Track = {
  current: CurrentStep | null;
  /** The step to start next when none is in progress; null: the line's steps are done. */
  cursor: string | null;
  /** Every completed step's output, by step id: the `steps` of the expression context. */
  outputs: Record<string, unknown>;
  /** How many times each step has started: loops through `next` run a step again. */
  runs: Record<string, number>;
};

/** A branch of a `parallel` or a run of a `map`: a line of steps beside the main line. */
export type Lane = Track & {
  /** The parallel or map step that started it, and the lane that step runs in (`''`: main). */
  fork: string;
  of: string;
  index: number;
  /** A map run's element of `items`. */
  item?: unknown;
  status: 'running' | 'completed' | 'failed';
  /** The output of its last completed step: what the lane gives its fork. */
  last: unknown;
  error: InstanceError | null;
};

export type InstanceState =
  | { exists: false }
  | {
      exists: true;
      instance_id: string;
      merchant_id: string;
      definition: DefinitionRef;
      status: InstanceStatus;
      inputs: Record<string, unknown>;
      /** Every completed step's output, by step id: the `steps` of the expression context. */
      outputs: Record<string, unknown>;
      current: CurrentStep | null;
      /** The step to start next when none is in progress; null: the steps are done. */
      cursor: string | null;
      /** How many times each step has started: loops through `next` run a step again. */
      runs: Record<string, number>;
      error: InstanceError | null;
      /** A completed instance's result: what a parent's `call` step outputs. */
      result: { output: unknown } | null;
      parent: ParentRef | null;
      depth: number;
      /** The branches of `parallel` steps and the runs of `map` steps under way, by lane id. */
      lanes: Record<string, Lane>;
    };

export type ExistingInstance = Extract<InstanceState, { exists: true }>;

export const isTerminal = (state: ExistingInstance): boolean => TERMINAL_STATUSES.has(state.status);

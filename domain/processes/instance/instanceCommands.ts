import type { StepType } from '../stepLanguage.js';
import type {
  ApprovalDecision,
  DefinitionRef,
  ParentRef,
  ReceivedEvent,
  StepWait,
} from './instanceEvents.js';
import type { TimeOutWait } from './waitDeadlines.js';

/** What can be asked of a process instance: by a run, the executor, a person, or a timer. */
type StepIdentity = { step_id: string; name: string | null; step_type: StepType; visible: boolean };

/**
 * `lane`: the branch or map run whose step the command is about (see lanes.ts); absent: the
 * instance's main line. Commands about the instance as a whole (create, cancel, complete, fail the
 * instance) are on the main line.
 */
export type InstanceCommand = LineCommand & { lane?: string };

type LineCommand =
  | {
      type: 'create_instance';
      instance_id: string;
      merchant_id: string;
      definition: DefinitionRef;
      inputs: Record<string, unknown>;
      start_source: Record<string, unknown>;
      replay_of: string | null;
      first_step: string;
      parent?: ParentRef;
      depth?: number;
      now: string;
    }
  | ({ type: 'start_step'; now: string } & StepIdentity)
  | ({ type: 'skip_step'; next: string | null; now: string } & StepIdentity)
  | { type: 'wait_step'; step_id: string; wait: StepWait; now: string }
  | { type: 'complete_step'; step_id: string; output: unknown; next: string | null; now: string }
  | {
      type: 'fail_step';
      step_id: string;
      code: string;
      message: string;
      /** The step its `catch` sends the instance to; absent: the instance fails. */
      next?: string;
      now: string;
    }
  | { type: 'fire_timer'; step_id: string; next: string | null; now: string }
  | {
      type: 'complete_user_action';
      step_id: string;
      data: unknown;
      next: string | null;
      now: string;
    }
  | {
      type: 'resolve_approval';
      step_id: string;
      decision: ApprovalDecision;
      comment: string | null;
      next: string | null;
      /** Where the step's catch sends a rejection; absent: a rejection fails the instance. */
      on_rejected?: string;
      now: string;
    }
  | { type: 'complete_instance'; result: { output: unknown } | null; now: string }
  | { type: 'fail_instance'; code: string; message: string; now: string }
  | { type: 'cancel_instance'; now: string }
  | TimeOutWait
  /** The business event a `wait_for_event` step waits for, which its `match` accepted. */
  | {
      type: 'receive_event';
      step_id: string;
      event: ReceivedEvent;
      next: string | null;
      /** When the event was recorded: the step's deadline is judged by it, not by `now`. */
      recorded_at: string;
      now: string;
    }
  /** The pause of a retried step is over: it runs again. */
  | { type: 'resume_step'; step_id: string; now: string }
  | {
      type: 'finish_child';
      step_id: string;
      child_id: string;
      child:
        | { status: 'completed'; output: unknown }
        | { status: 'failed' | 'cancelled'; message: string };
      next: string | null;
      /** Where the step's catch sends the child's failure; absent: the instance fails. */
      on_failed?: string;
      /** The step's retry takes the child's failure: the step runs again, a new child, then. */
      retry?: { until: string; attempt: number };
      now: string;
    }
  /** A `parallel` or `map` step starts its lanes: a branch each, or a run per element. */
  | {
      type: 'start_lanes';
      step_id: string;
      lanes: Array<{ index: number; first_step: string; item?: unknown }>;
      now: string;
    }
  /**
   * Its lanes are over: the step completes with their outputs, or fails with the first failed
   * lane's error (retried, caught, or failing the line it is on).
   */
  | {
      type: 'join_lanes';
      step_id: string;
      next: string | null;
      on_failed?: string;
      retry?: { until: string; attempt: number };
      now: string;
    };

import type { StepType } from '../stepLanguage.js';
import type { ApprovalDecision, DefinitionRef, StepWait } from './instanceEvents.js';
import type { TimeOutWait } from './waitDeadlines.js';

/** What can be asked of a process instance: by a run, the executor, a person, or a timer. */
type StepIdentity = { step_id: string; name: string | null; step_type: StepType; visible: boolean };

export type InstanceCommand =
  | {
      type: 'create_instance';
      instance_id: string;
      merchant_id: string;
      definition: DefinitionRef;
      inputs: Record<string, unknown>;
      start_source: Record<string, unknown>;
      replay_of: string | null;
      first_step: string;
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
  | TimeOutWait;

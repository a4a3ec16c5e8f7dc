import type { DomainEvent } from '../../shared/envelope.js';
import type { StepType } from '../stepLanguage.js';

export type DefinitionRef = { id: string; version: number };
export type InstanceError = { code: string; message: string; step_id: string | null };
/** What a step waits for while the instance is `waiting`. */
export type StepWait =
  | { kind: 'delay'; until: string }
  /** `until`: the deadline of a step with `timeout_ms` (absent: it waits as long as it takes). */
  | { kind: 'user_action'; action: string | null; until?: string }
  | { kind: 'approval'; until?: string };
export type ApprovalDecision = 'approved' | 'rejected';

/** The facts of one instance's life, in its own stream `process_instance-<id>`. */
export type InstanceCreated = DomainEvent<
  'process_instance.created',
  {
    instance_id: string;
    merchant_id: string;
    definition: DefinitionRef;
    inputs: Record<string, unknown>;
    start_source: Record<string, unknown>;
    replay_of: string | null;
    /** The step to run first. */
    first_step: string;
    created_at: string;
  }
>;
type StepFact<Type extends string, Extra = unknown> = DomainEvent<
  Type,
  { instance_id: string; step_id: string; at: string } & Extra
>;
export type StepStarted = StepFact<
  'process_instance.step_started',
  { name: string | null; step_type: StepType; visible: boolean }
>;
export type StepSkipped = StepFact<
  'process_instance.step_skipped',
  { name: string | null; step_type: StepType; visible: boolean; next: string | null }
>;
export type StepWaiting = StepFact<'process_instance.step_waiting', { wait: StepWait }>;
export type StepCompleted = StepFact<
  'process_instance.step_completed',
  { output: unknown; next: string | null }
>;
/**
 * `next`: the failure is handled (a timed-out step's `on_timeout`): the instance goes on there, the
 * error at `steps.<id>.error`. Absent: the instance fails with it.
 */
export type StepFailed = StepFact<
  'process_instance.step_failed',
  { error: InstanceError; next?: string }
>;
export type UserActionCompleted = StepFact<
  'process_instance.user_action_completed',
  { data: unknown }
>;
export type ApprovalResolved = StepFact<
  'process_instance.approval_resolved',
  { decision: ApprovalDecision; comment: string | null }
>;
type Ending<Type extends string, Extra = unknown> = DomainEvent<
  Type,
  { instance_id: string; merchant_id: string; definition: DefinitionRef; at: string } & Extra
>;
/** `result` is null when the definition has no `output` (or it evaluated to nothing). */
export type InstanceCompleted = Ending<
  'process_instance.completed',
  { result: { output: unknown } | null }
>;
export type InstanceFailed = Ending<'process_instance.failed', { error: InstanceError }>;
/**
 * `step_id`: the step in progress when the instance was cancelled, which ends cancelled with it
 * (absent in events recorded before steps were told so).
 */
export type InstanceCancelled = Ending<'process_instance.cancelled', { step_id?: string | null }>;

export type InstanceEvent =
  | InstanceCreated
  | StepStarted
  | StepSkipped
  | StepWaiting
  | StepCompleted
  | StepFailed
  | UserActionCompleted
  | ApprovalResolved
  | InstanceCompleted
  | InstanceFailed
  | InstanceCancelled;

export const TERMINAL_EVENT_TYPES: ReadonlySet<string> = new Set([
  'process_instance.completed',
  'process_instance.failed',
  'process_instance.cancelled',
]);

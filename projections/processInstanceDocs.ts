import type {
  DefinitionRef,
  InstanceError,
  ParentRef,
} from '../domain/processes/instance/instanceEvents.js';
import type { InstanceStatus } from '../domain/processes/instance/instanceState.js';
import { collection } from './collection.js';

/** The read models of process instances (see processInstances), as the API reads them. */
export const PROCESS_INSTANCES = collection<InstanceDoc>('process_instances');
/**
 * An instance's inputs and result, apart from the instance: lists read instances by the hundred,
 * and must not read their payloads (up to 256 KiB each) to show how they stand.
 */
export const PROCESS_INSTANCE_PAYLOADS = collection<InstancePayloadsDoc>(
  'process_instance_payloads',
);
/** One document per visible step an instance reached: hidden steps are never listed. */
export const PROCESS_INSTANCE_STEPS = collection<InstanceStepDoc>('process_instance_steps');

export type InstanceDoc = {
  id: string;
  object: 'process_instance';
  definition: DefinitionRef;
  /** The definition's id again, top level, so that lists can filter by it. */
  definition_id: string;
  merchant_id: string;
  status: InstanceStatus;
  /**
   * Kept here by instances projected before payloads had a document of their own (see
   * PROCESS_INSTANCE_PAYLOADS); absent since.
   */
  inputs?: Record<string, unknown>;
  result?: { output: unknown } | null;
  error: InstanceError | null;
  start_source: Record<string, unknown>;
  replay_of: string | null;
  /** Whose `call` started this instance; null for a top-level one. */
  parent: ParentRef | null;
  /** The parent's id again, top level, so that a parent finds its children. */
  parent_id: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
};

/** `id`: the instance's. Both sealed as the log holds them (see sealedInstanceFields). */
export type InstancePayloadsDoc = {
  id: string;
  inputs: unknown;
  result: { output: unknown } | null | string;
};

export type StepStatus =
  'pending' | 'running' | 'waiting' | 'completed' | 'failed' | 'skipped' | 'cancelled';

export type InstanceStepDoc = {
  id: string;
  instance_id: string;
  step_id: string;
  /** The branch or map run the step is in; absent on the main line. */
  lane?: string;
  /** The order in which the instance reached its steps. */
  seq: number;
  name: string | null;
  type: string;
  status: StepStatus;
  started_at: string;
  completed_at: string | null;
  output: unknown;
  error: InstanceError | null;
  /** The attempt under way or last made, when the step's retry ran it more than once. */
  attempt?: number | null;
};

/** A lane's steps (a map's runs share their ids) are kept apart by the lane. */
export const stepDocId = (instanceId: string, stepId: string, lane?: string): string =>
  lane ? `${instanceId}/${lane}/${stepId}` : `${instanceId}/${stepId}`;

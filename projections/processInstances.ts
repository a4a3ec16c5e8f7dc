import type {
  InstanceCancelled,
  InstanceCompleted,
  InstanceCreated,
  InstanceEvent,
  InstanceFailed,
  StepCompleted,
  StepFailed,
  StepSkipped,
  StepStarted,
  StepWaiting,
} from '../domain/processes/instance/instanceEvents.js';
import type { RecordedEvent } from '../domain/shared/envelope.js';
import type { Change, Projection } from './projection.js';
import { lanesEnd, waitBegins, waitCollections, waitEnds } from './processWaits.js';
import type { InstanceDoc, InstancePayloadsDoc, InstanceStepDoc } from './processInstanceDocs.js';
import {
  PROCESS_INSTANCE_PAYLOADS,
  PROCESS_INSTANCE_STEPS,
  PROCESS_INSTANCES,
  stepDocId,
} from './processInstanceDocs.js';

export { PROCESS_EVENT_WAITS, PROCESS_TIMERS } from './processWaits.js';
export type { EventWaitDoc, TimerDoc } from './processWaits.js';

export {
  PROCESS_INSTANCE_PAYLOADS,
  PROCESS_INSTANCE_STEPS,
  PROCESS_INSTANCES,
  stepDocId,
} from './processInstanceDocs.js';
export type {
  InstanceDoc,
  InstancePayloadsDoc,
  InstanceStepDoc,
  StepStatus,
} from './processInstanceDocs.js';

const instancePatch = (id: string, set: Record<string, unknown>): Change => ({
  op: 'patch',
  collection: PROCESS_INSTANCES,
  id,
  set,
});

const stepPatch = (
  instanceId: string,
  stepId: string,
  set: Record<string, unknown>,
  lane?: string,
): Change => ({
  op: 'patch',
  collection: PROCESS_INSTANCE_STEPS,
  id: stepDocId(instanceId, stepId, lane),
  set,
});

const createdChanges = ({ data }: RecordedEvent<InstanceCreated>): Change[] => {
  const doc: InstanceDoc = {
    id: data.instance_id,
    object: 'process_instance',
    definition: data.definition,
    definition_id: data.definition.id,
    merchant_id: data.merchant_id,
    status: 'pending',
    error: null,
    start_source: data.start_source,
    replay_of: data.replay_of,
    parent: data.parent ?? null,
    parent_id: data.parent?.instance_id ?? null,
    created_at: data.created_at,
    updated_at: data.created_at,
    completed_at: null,
  };
  const payloads: InstancePayloadsDoc = { id: data.instance_id, inputs: data.inputs, result: null };
  return [
    { op: 'put', collection: PROCESS_INSTANCES, doc },
    { op: 'put', collection: PROCESS_INSTANCE_PAYLOADS, doc: payloads },
  ];
};

const stepStartedChanges = (event: RecordedEvent<StepStarted>): Change[] => {
  const { instance_id, step_id, at, lane } = event.data;
  const running = instancePatch(instance_id, { status: 'running', updated_at: at });
  if (!event.data.visible) return [running];
  return [
    running,
    {
      ...stepPatch(
        instance_id,
        step_id,
        {
          status: 'running',
          started_at: at,
          completed_at: null,
          output: null,
          error: null,
          attempt: null,
        },
        lane,
      ),
      setOnInsert: {
        instance_id,
        step_id,
        ...(lane && { lane }),
        seq: event.revision,
        name: event.data.name,
        type: event.data.step_type,
      },
    } as Change,
  ];
};

const stepSkippedChanges = (event: RecordedEvent<StepSkipped>): Change[] => {
  const { instance_id, step_id, at, lane } = event.data;
  if (!event.data.visible) return [];
  const doc: InstanceStepDoc = {
    id: stepDocId(instance_id, step_id, lane),
    instance_id,
    step_id,
    ...(lane && { lane }),
    seq: event.revision,
    name: event.data.name,
    type: event.data.step_type,
    status: 'skipped',
    started_at: at,
    completed_at: at,
    output: null,
    error: null,
  };
  return [{ op: 'put', collection: PROCESS_INSTANCE_STEPS, doc }];
};

const stepWaitingChanges = (event: RecordedEvent<StepWaiting>): Change[] => {
  const { instance_id, step_id, at, wait, lane } = event.data;
  // A retry's pause shows the failure it follows; the step is still under way.
  const step =
    wait.kind === 'retry'
      ? { status: 'waiting', error: { ...wait.error, step_id }, attempt: wait.attempt }
      : { status: 'waiting' };
  return [
    instancePatch(instance_id, { status: 'waiting', updated_at: at }),
    stepPatch(instance_id, step_id, step, lane),
    ...waitBegins(event),
  ];
};

const stepCompletedChanges = ({ data }: RecordedEvent<StepCompleted>): Change[] => {
  const { instance_id, step_id, at, output, lane } = data;
  return [
    instancePatch(instance_id, { status: 'running', updated_at: at }),
    stepPatch(
      instance_id,
      step_id,
      { status: 'completed', completed_at: at, output, error: null },
      lane,
    ),
    ...waitEnds(instance_id, lane),
  ];
};

const stepFailedChanges = ({ data }: RecordedEvent<StepFailed>): Change[] => {
  const { instance_id, step_id, at, error, lane } = data;
  return [
    stepPatch(instance_id, step_id, { status: 'failed', completed_at: at, error }, lane),
    // Handled (a catch, a timeout's on_timeout): the instance runs on, and its deadline is over.
    // Unhandled, the instance's failure follows, which clears the timer; a lane's ends the lane.
    ...(data.next === undefined
      ? lane
        ? waitEnds(instance_id, lane)
        : []
      : [
          instancePatch(instance_id, { status: 'running', updated_at: at }),
          ...waitEnds(instance_id, lane),
        ]),
  ];
};

const endedChanges = (
  event: RecordedEvent<InstanceCompleted | InstanceFailed | InstanceCancelled>,
): Change[] => {
  const { instance_id, at } = event.data;
  const ended = {
    status: event.type.slice('process_instance.'.length),
    updated_at: at,
    completed_at: at,
    ...(event.type === 'process_instance.failed' && { error: event.data.error }),
  };
  // The step in progress when the instance was cancelled ends with it, rather than stay running.
  const inProgress = event.type === 'process_instance.cancelled' ? event.data.step_id : undefined;
  return [
    instancePatch(instance_id, ended),
    ...(event.type === 'process_instance.completed'
      ? [
          {
            op: 'patch',
            collection: PROCESS_INSTANCE_PAYLOADS,
            id: instance_id,
            set: { result: event.data.result },
            // An instance projected before payloads had their document keeps its inputs inline.
            setOnInsert: { inputs: null },
          } as Change,
        ]
      : []),
    ...(inProgress
      ? [stepPatch(instance_id, inProgress, { status: 'cancelled', completed_at: at })]
      : []),
    ...waitEnds(instance_id),
    ...(event.type === 'process_instance.cancelled'
      ? lanesEnd(instance_id, event.data.lanes ?? [])
      : []),
  ];
};

export const processInstancesProjection: Projection = {
  name: 'process_instances',
  collections: [
    {
      name: PROCESS_INSTANCES,
      indexes: [
        ['created_at'],
        ['merchant_id', 'created_at'],
        ['status', 'created_at'],
        ['definition_id', 'created_at'],
        ['parent_id', 'created_at'],
      ],
    },
    { name: PROCESS_INSTANCE_PAYLOADS, indexes: [] },
    { name: PROCESS_INSTANCE_STEPS, indexes: [['instance_id', 'seq']] },
    ...waitCollections,
  ],
  filter: { streamPrefixes: ['process_instance-'] },
  project: (recorded): Change[] => {
    const event = recorded as RecordedEvent<InstanceEvent>;
    const { instance_id } = event.data;
    switch (event.type) {
      case 'process_instance.created':
        return createdChanges(event);
      case 'process_instance.step_started':
        return stepStartedChanges(event);
      case 'process_instance.step_skipped':
        return stepSkippedChanges(event);
      case 'process_instance.step_waiting':
        return stepWaitingChanges(event);
      case 'process_instance.user_action_completed':
      case 'process_instance.approval_resolved':
      case 'process_instance.event_received':
      case 'process_instance.child_ended':
      case 'process_instance.lanes_started':
        return [instancePatch(instance_id, { status: 'running', updated_at: event.data.at })];
      case 'process_instance.lanes_joined':
        return [
          instancePatch(instance_id, { status: 'running', updated_at: event.data.at }),
          ...lanesEnd(instance_id, event.data.lanes),
        ];
      case 'process_instance.step_retrying': {
        const { step_id, at, lane } = event.data;
        return [
          instancePatch(instance_id, { status: 'running', updated_at: at }),
          stepPatch(instance_id, step_id, { status: 'running' }, lane),
          ...waitEnds(instance_id, lane),
        ];
      }
      case 'process_instance.step_completed':
        return stepCompletedChanges(event);
      case 'process_instance.step_failed':
        return stepFailedChanges(event);
      case 'process_instance.completed':
      case 'process_instance.failed':
      case 'process_instance.cancelled':
        return endedChanges(event);
    }
  },
};

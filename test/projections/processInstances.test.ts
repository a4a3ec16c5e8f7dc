import type {
  ApprovalResolved,
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
  UserActionCompleted,
} from '../../domain/processes/instance/instanceEvents.js';
import type { VersionPublished } from '../../domain/processes/definition/processDefinition.js';
import { instanceStream } from '../../domain/processes/instance/processInstance.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import {
  PROCESS_INSTANCE_PAYLOADS,
  PROCESS_INSTANCES,
  PROCESS_INSTANCE_STEPS,
  PROCESS_EVENT_WAITS,
  PROCESS_TIMERS,
  processInstancesProjection,
} from '../../projections/processInstances.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(processInstancesProjection);
const t0 = '2026-02-10T09:00:00.000Z';
const t1 = '2026-02-10T09:00:01.000Z';
const t2 = '2026-02-10T09:00:02.000Z';
const later = '2026-02-10T10:00:02.000Z';
const definition = { id: 'refund', version: 2 };
const base = { instance_id: 'pi_1', at: t1 };
const ending = { instance_id: 'pi_1', merchant_id: 'mer_a', definition, at: t2 };

/** An event of instance pi_1 at this revision of its stream. */
const inStream = (event: InstanceEvent, revision: number): RecordedEvent =>
  recorded(instanceStream('pi_1'), event.type, event.data, {
    revision,
    metadata: { merchant_id: 'mer_a' },
  });

const created: InstanceCreated = {
  type: 'process_instance.created',
  data: {
    instance_id: 'pi_1',
    merchant_id: 'mer_a',
    definition,
    inputs: { order_id: 'ord_1', amount: 4200 },
    start_source: { mode: 'api', reference: 'ticket-17' },
    replay_of: null,
    first_step: 'check',
    created_at: t0,
  },
};
const started = (
  step_id: string,
  name: string | null,
  step_type: StepStarted['data']['step_type'],
  visible: boolean,
): StepStarted => ({
  type: 'process_instance.step_started',
  data: { ...base, step_id, name, step_type, visible },
});
const waiting = (step_id: string, wait: StepWaiting['data']['wait']): StepWaiting => ({
  type: 'process_instance.step_waiting',
  data: { ...base, step_id, wait },
});

/** What every end of a wait clears: the instance's timer and its wait for an event. */
const waitsEnd = [
  { op: 'delete' as const, collection: PROCESS_TIMERS, id: 'pi_1' },
  { op: 'delete' as const, collection: PROCESS_EVENT_WAITS, id: 'pi_1' },
];

describe('process instances projection', () => {
  it('lists a created instance as pending, with its definition, inputs and source', () => {
    spec.when(inStream(created, 0)).then([
      {
        op: 'put',
        collection: PROCESS_INSTANCES,
        doc: {
          id: 'pi_1',
          object: 'process_instance',
          definition: { id: 'refund', version: 2 },
          definition_id: 'refund',
          merchant_id: 'mer_a',
          status: 'pending',
          error: null,
          start_source: { mode: 'api', reference: 'ticket-17' },
          replay_of: null,
          parent: null,
          parent_id: null,
          created_at: t0,
          updated_at: t0,
          completed_at: null,
        },
      },
      {
        op: 'put',
        collection: PROCESS_INSTANCE_PAYLOADS,
        doc: { id: 'pi_1', inputs: { order_id: 'ord_1', amount: 4200 }, result: null },
      },
    ]);
  });

  it('lists a replay with the instance it replays', () => {
    const replay: InstanceCreated = {
      ...created,
      data: { ...created.data, instance_id: 'pi_2', replay_of: 'pi_1', created_at: later },
    };
    spec.when(recorded(instanceStream('pi_2'), replay.type, replay.data)).then([
      {
        op: 'put',
        collection: PROCESS_INSTANCES,
        doc: {
          id: 'pi_2',
          object: 'process_instance',
          definition: { id: 'refund', version: 2 },
          definition_id: 'refund',
          merchant_id: 'mer_a',
          status: 'pending',
          error: null,
          start_source: { mode: 'api', reference: 'ticket-17' },
          replay_of: 'pi_1',
          parent: null,
          parent_id: null,
          created_at: later,
          updated_at: later,
          completed_at: null,
        },
      },
      {
        op: 'put',
        collection: PROCESS_INSTANCE_PAYLOADS,
        doc: { id: 'pi_2', inputs: { order_id: 'ord_1', amount: 4200 }, result: null },
      },
    ]);
  });

  it('runs the instance and lists a visible step as running, in the order it was reached', () => {
    spec.when(inStream(started('check', 'Check the order', 'transform', true), 3)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'running', updated_at: t1 },
      },
      {
        op: 'patch',
        collection: PROCESS_INSTANCE_STEPS,
        id: 'pi_1/check',
        set: {
          status: 'running',
          started_at: t1,
          completed_at: null,
          output: null,
          error: null,
          attempt: null,
        },
        setOnInsert: {
          instance_id: 'pi_1',
          step_id: 'check',
          seq: 3,
          name: 'Check the order',
          type: 'transform',
        },
      },
    ]);
  });

  it('runs the instance without listing a hidden step', () => {
    spec.when(inStream(started('audit', null, 'emit', false), 1)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'running', updated_at: t1 },
      },
    ]);
  });

  it('lists a skipped visible step as skipped, begun and ended at once', () => {
    const skipped: StepSkipped = {
      type: 'process_instance.step_skipped',
      data: {
        ...base,
        step_id: 'notify',
        name: 'Notify the customer',
        step_type: 'emit',
        visible: true,
        next: 'pay',
      },
    };
    spec.when(inStream(skipped, 4)).then([
      {
        op: 'put',
        collection: PROCESS_INSTANCE_STEPS,
        doc: {
          id: 'pi_1/notify',
          instance_id: 'pi_1',
          step_id: 'notify',
          seq: 4,
          name: 'Notify the customer',
          type: 'emit',
          status: 'skipped',
          started_at: t1,
          completed_at: t1,
          output: null,
          error: null,
        },
      },
    ]);
  });

  it('lists nothing for a skipped hidden step', () => {
    const skipped: StepSkipped = {
      type: 'process_instance.step_skipped',
      data: {
        ...base,
        step_id: 'audit',
        name: null,
        step_type: 'emit',
        visible: false,
        next: null,
      },
    };
    spec.when(inStream(skipped, 4)).then([]);
  });

  it('parks the instance and its step as waiting, with a timer until the end of a delay', () => {
    spec.when(inStream(waiting('cool_off', { kind: 'delay', until: later }), 2)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'waiting', updated_at: t1 },
      },
      {
        op: 'patch',
        collection: PROCESS_INSTANCE_STEPS,
        id: 'pi_1/cool_off',
        set: { status: 'waiting' },
      },
      {
        op: 'put',
        collection: PROCESS_TIMERS,
        doc: { id: 'pi_1', step_id: 'cool_off', due_at_ms: Date.parse(later) },
      },
    ]);
  });

  it('sets no timer for a step that waits for a person', () => {
    spec
      .when(
        inStream(waiting('confirm', { kind: 'user_action', action: 'confirm_address' }), 2),
        inStream(waiting('approve', { kind: 'approval' }), 4),
      )
      .then([
        {
          op: 'patch',
          collection: PROCESS_INSTANCES,
          id: 'pi_1',
          set: { status: 'waiting', updated_at: t1 },
        },
        {
          op: 'patch',
          collection: PROCESS_INSTANCE_STEPS,
          id: 'pi_1/confirm',
          set: { status: 'waiting' },
        },
        {
          op: 'patch',
          collection: PROCESS_INSTANCES,
          id: 'pi_1',
          set: { status: 'waiting', updated_at: t1 },
        },
        {
          op: 'patch',
          collection: PROCESS_INSTANCE_STEPS,
          id: 'pi_1/approve',
          set: { status: 'waiting' },
        },
      ]);
  });

  it('runs a waiting instance again once its user action is done', () => {
    const done: UserActionCompleted = {
      type: 'process_instance.user_action_completed',
      data: { ...base, at: t2, step_id: 'confirm', data: { address: '1 Quay St' } },
    };
    spec.when(inStream(done, 3)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'running', updated_at: t2 },
      },
    ]);
  });

  it('runs a waiting instance again once its approval is resolved', () => {
    const resolved: ApprovalResolved = {
      type: 'process_instance.approval_resolved',
      data: { ...base, at: t2, step_id: 'approve', decision: 'approved', comment: 'Fine.' },
    };
    spec.when(inStream(resolved, 3)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'running', updated_at: t2 },
      },
    ]);
  });

  it('completes a step with its output, runs the instance on and clears its timer', () => {
    const completed: StepCompleted = {
      type: 'process_instance.step_completed',
      data: { ...base, at: t2, step_id: 'check', output: { refundable: true }, next: 'pay' },
    };
    spec.when(inStream(completed, 2)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'running', updated_at: t2 },
      },
      {
        op: 'patch',
        collection: PROCESS_INSTANCE_STEPS,
        id: 'pi_1/check',
        set: { status: 'completed', completed_at: t2, output: { refundable: true }, error: null },
      },
      ...waitsEnd,
    ]);
  });

  it('fails a step and its instance with the step error, and clears its timer', () => {
    const error = {
      code: 'http_status',
      message: 'The payment service answered 502.',
      step_id: 'pay',
    };
    const stepFailed: StepFailed = {
      type: 'process_instance.step_failed',
      data: { ...base, at: t2, step_id: 'pay', error },
    };
    const failed: InstanceFailed = {
      type: 'process_instance.failed',
      data: { ...ending, error },
    };
    spec.when(inStream(stepFailed, 5), inStream(failed, 6)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCE_STEPS,
        id: 'pi_1/pay',
        set: { status: 'failed', completed_at: t2, error },
      },
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'failed', updated_at: t2, completed_at: t2, error },
      },
      ...waitsEnd,
    ]);
  });

  it('keeps the instance running past a handled failure, and clears the step’s deadline', () => {
    const error = { code: 'timeout', message: 'No answer by then.', step_id: 'pay' };
    const caught: StepFailed = {
      type: 'process_instance.step_failed',
      data: { ...base, at: t2, step_id: 'pay', error, next: 'escalate' },
    };
    spec.when(inStream(caught, 5)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCE_STEPS,
        id: 'pi_1/pay',
        set: { status: 'failed', completed_at: t2, error },
      },
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'running', updated_at: t2 },
      },
      ...waitsEnd,
    ]);
  });

  it('fails an instance whose output cannot be evaluated, on no step', () => {
    const error = {
      code: 'expression_failed',
      message: 'Unknown field refunded (in the output steps.pay.refunded)',
      step_id: null,
    };
    const failed: InstanceFailed = {
      type: 'process_instance.failed',
      data: { ...ending, error },
    };
    spec.when(inStream(failed, 9)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'failed', updated_at: t2, completed_at: t2, error },
      },
      ...waitsEnd,
    ]);
  });

  it('completes an instance with its result and clears its timer', () => {
    const completed: InstanceCompleted = {
      type: 'process_instance.completed',
      data: { ...ending, result: { output: { refunded: 4200 } } },
    };
    spec.when(inStream(completed, 7)).then([
      {
        op: 'patch',
        collection: PROCESS_INSTANCES,
        id: 'pi_1',
        set: { status: 'completed', updated_at: t2, completed_at: t2 },
      },
      {
        op: 'patch',
        collection: PROCESS_INSTANCE_PAYLOADS,
        id: 'pi_1',
        set: { result: { output: { refunded: 4200 } } },
        setOnInsert: { inputs: null },
      },
      ...waitsEnd,
    ]);
  });

  it('cancels an instance and the step in progress, and clears its timer', () => {
    const cancelled: InstanceCancelled = {
      type: 'process_instance.cancelled',
      data: { ...ending, step_id: 'approve' },
    };
    const instance = {
      op: 'patch' as const,
      collection: PROCESS_INSTANCES,
      id: 'pi_1',
      set: { status: 'cancelled', updated_at: t2, completed_at: t2 },
    };
    const timer = waitsEnd;
    spec.when(inStream(cancelled, 3)).then([
      instance,
      {
        op: 'patch',
        collection: PROCESS_INSTANCE_STEPS,
        id: 'pi_1/approve',
        set: { status: 'cancelled', completed_at: t2 },
      },
      ...timer,
    ]);
    // Recorded before steps were told so, or between steps: the instance alone.
    const before: InstanceCancelled = { type: 'process_instance.cancelled', data: ending };
    spec.when(inStream(before, 3)).then([instance, ...timer]);
  });

  it('ignores the events of process definitions', () => {
    const published: VersionPublished = {
      type: 'process_definition.version_published',
      data: {
        definition_id: 'refund',
        version: 2,
        name: 'Refund',
        description: null,
        input_schema: { type: 'object' },
        steps: [{ id: 'check', type: 'transform', value: 'input.amount' }],
        output: null,
        published_at: t0,
      },
    };
    spec.ignores(recorded('process_definition-refund', published.type, published.data));
  });
});

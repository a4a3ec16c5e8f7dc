import { expect } from 'chai';
import type { InstanceEvent } from '../../../domain/processes/instance/instanceEvents.js';
import { evolveInstance } from '../../../domain/processes/instance/instanceEvolution.js';
import type { InstanceState } from '../../../domain/processes/instance/instanceState.js';
import { instanceDecider } from '../../../domain/processes/instance/processInstance.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(instanceDecider);
const start = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T00:01:00.000Z';
const deadline = '2026-01-01T00:05:00.000Z';
const definition = { id: 'order', version: 1 };
const base = { instance_id: 'pi_1', at: start };

const created = (first: string, extra: Record<string, unknown> = {}): InstanceEvent => ({
  type: 'process_instance.created',
  data: {
    instance_id: 'pi_1',
    merchant_id: 'mer_a',
    definition,
    inputs: {},
    start_source: { mode: 'api' },
    replay_of: null,
    first_step: first,
    created_at: start,
    ...extra,
  },
});
const started = (step_id: string, step_type: string): InstanceEvent => ({
  type: 'process_instance.step_started',
  data: { ...base, step_id, name: null, step_type: step_type as 'call', visible: true },
});
const waiting = (step_id: string, wait: Record<string, unknown>): InstanceEvent => ({
  type: 'process_instance.step_waiting',
  data: { ...base, step_id, wait: wait as never },
});

const waitsForPayment = [
  created('paid'),
  started('paid', 'wait_for_event'),
  waiting('paid', { kind: 'event', event_type: 'payment.received', until: deadline }),
];
const payment = {
  id: 'evt_1',
  type: 'payment.received',
  created_at: later,
  data: { reference: 'INV-1' },
};

describe('process instance decider: waiting for a business event', () => {
  it('completes the step with the event it received', () =>
    spec
      .given(waitsForPayment)
      .when({
        type: 'receive_event',
        step_id: 'paid',
        event: payment,
        next: 'ship',
        recorded_at: later,
        now: later,
      })
      .then([
        {
          type: 'process_instance.event_received',
          data: { instance_id: 'pi_1', at: later, step_id: 'paid', event_id: 'evt_1' },
        },
        {
          type: 'process_instance.step_completed',
          data: { instance_id: 'pi_1', at: later, step_id: 'paid', output: payment, next: 'ship' },
        },
      ]));

  it('refuses an event of another type, a second event, one past the deadline, a step not waiting', () => {
    spec
      .given(waitsForPayment)
      .when({
        type: 'receive_event',
        step_id: 'paid',
        event: { ...payment, type: 'order.created' },
        next: null,
        recorded_at: later,
        now: later,
      })
      .thenFails('conflict');
    const received: InstanceEvent[] = [
      ...waitsForPayment,
      {
        type: 'process_instance.event_received',
        data: { instance_id: 'pi_1', at: later, step_id: 'paid', event_id: 'evt_1' },
      },
      {
        type: 'process_instance.step_completed',
        data: { instance_id: 'pi_1', at: later, step_id: 'paid', output: payment, next: null },
      },
    ];
    spec
      .given(received)
      .when({
        type: 'receive_event',
        step_id: 'paid',
        event: payment,
        next: null,
        recorded_at: later,
        now: later,
      })
      .thenFails('conflict');
    spec
      .given(waitsForPayment)
      .when({
        type: 'receive_event',
        step_id: 'paid',
        event: payment,
        next: null,
        recorded_at: deadline,
        now: deadline,
      })
      .thenFails('conflict');
    spec
      .given([created('paid'), started('paid', 'wait_for_event')])
      .when({
        type: 'receive_event',
        step_id: 'paid',
        event: payment,
        next: null,
        recorded_at: later,
        now: later,
      })
      .thenFails('conflict');
  });

  it('takes an event recorded before the deadline, though it is correlated after it', () =>
    spec
      .given(waitsForPayment)
      .when({
        type: 'receive_event',
        step_id: 'paid',
        event: payment,
        next: null,
        recorded_at: later,
        now: '2026-01-01T00:05:00.050Z',
      })
      .then([
        {
          type: 'process_instance.event_received',
          data: {
            instance_id: 'pi_1',
            at: '2026-01-01T00:05:00.050Z',
            step_id: 'paid',
            event_id: 'evt_1',
          },
        },
        {
          type: 'process_instance.step_completed',
          data: {
            instance_id: 'pi_1',
            at: '2026-01-01T00:05:00.050Z',
            step_id: 'paid',
            output: payment,
            next: null,
          },
        },
      ]));

  it('times the wait out at its deadline, to on_timeout', () =>
    spec
      .given(waitsForPayment)
      .when({ type: 'time_out_wait', step_id: 'paid', on_timeout: 'remind', now: deadline })
      .then([
        {
          type: 'process_instance.step_failed',
          data: {
            instance_id: 'pi_1',
            step_id: 'paid',
            error: { code: 'timeout', message: `No answer by ${deadline}.`, step_id: 'paid' },
            at: deadline,
            next: 'remind',
          },
        },
      ]));
});

const retrying = [
  created('call'),
  started('call', 'http'),
  waiting('call', {
    kind: 'retry',
    until: later,
    attempt: 2,
    error: { code: 'http_status', message: 'The service answered 503.' },
  }),
];

describe('process instance decider: a retried step', () => {
  it('runs the step again once its pause is over, counting the failed attempt', () => {
    spec
      .given(retrying)
      .when({ type: 'resume_step', step_id: 'call', now: later })
      .then([
        {
          type: 'process_instance.step_retrying',
          data: { instance_id: 'pi_1', at: later, step_id: 'call', attempt: 2 },
        },
      ]);
    const state = [
      ...retrying,
      {
        type: 'process_instance.step_retrying',
        data: { instance_id: 'pi_1', at: later, step_id: 'call', attempt: 2 },
      } as InstanceEvent,
    ].reduce<InstanceState>(evolveInstance, { exists: false });
    expect(state.exists && state.current).to.deep.equal({
      step_id: 'call',
      wait: null,
      failures: 1,
    });
    expect(state.exists && state.status).to.equal('running');
  });

  it('refuses to resume before the pause is over, or a step that does not wait for a retry', () => {
    spec
      .given(retrying)
      .when({ type: 'resume_step', step_id: 'call', now: start })
      .thenFails('conflict');
    spec
      .given(waitsForPayment)
      .when({ type: 'resume_step', step_id: 'paid', now: later })
      .thenFails('conflict');
  });
});

const callsChild = [
  created('sub'),
  started('sub', 'call'),
  waiting('sub', { kind: 'child', instance_id: 'pi_c' }),
];
const childEnded = (status: string): InstanceEvent => ({
  type: 'process_instance.child_ended',
  data: {
    instance_id: 'pi_1',
    at: later,
    step_id: 'sub',
    child_id: 'pi_c',
    status: status as 'failed',
  },
});
const finish = (child: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({
    type: 'finish_child',
    step_id: 'sub',
    child_id: 'pi_c',
    child,
    next: null,
    now: later,
    ...extra,
  }) as never;
const childError = {
  code: 'child_failed',
  message: 'Child instance pi_c failed: out_of_stock: none left',
  step_id: 'sub',
};

describe('process instance decider: a call waiting on its child', () => {
  it('completes the step with the child’s output', () =>
    spec
      .given(callsChild)
      .when(finish({ status: 'completed', output: 42 }))
      .then([
        childEnded('completed'),
        {
          type: 'process_instance.step_completed',
          data: { instance_id: 'pi_1', at: later, step_id: 'sub', output: 42, next: null },
        },
      ]));

  it('fails with child_failed: the instance, its catch, or its retry', () => {
    const failedChild = { status: 'failed', message: 'out_of_stock: none left' };
    spec
      .given(callsChild)
      .when(finish(failedChild))
      .then([
        childEnded('failed'),
        {
          type: 'process_instance.step_failed',
          data: { instance_id: 'pi_1', step_id: 'sub', error: childError, at: later },
        },
        {
          type: 'process_instance.failed',
          data: {
            instance_id: 'pi_1',
            merchant_id: 'mer_a',
            definition,
            at: later,
            error: childError,
          },
        },
      ]);
    spec
      .given(callsChild)
      .when(finish(failedChild, { on_failed: 'recover' }))
      .then([
        childEnded('failed'),
        {
          type: 'process_instance.step_failed',
          data: {
            instance_id: 'pi_1',
            step_id: 'sub',
            error: childError,
            at: later,
            next: 'recover',
          },
        },
      ]);
    const { step_id: _stepId, ...error } = childError;
    spec
      .given(callsChild)
      .when(finish(failedChild, { retry: { until: deadline, attempt: 2 } }))
      .then([
        childEnded('failed'),
        waitingAt(later, { kind: 'retry', until: deadline, attempt: 2, error }),
      ]);
  });

  it('refuses the end of another child, and of a step that waits on none', () => {
    spec
      .given(callsChild)
      .when({
        ...(finish({ status: 'completed', output: 1 }) as object),
        child_id: 'pi_x',
      } as never)
      .thenFails('conflict');
    spec
      .given(waitsForPayment)
      .when(finish({ status: 'completed', output: 1 }))
      .thenFails('conflict');
  });

  it('names the child to cancel when cancelled while it waits on one; a child’s end names its parent', () => {
    spec
      .given(callsChild)
      .when({ type: 'cancel_instance', now: later })
      .then([
        {
          type: 'process_instance.cancelled',
          data: {
            instance_id: 'pi_1',
            merchant_id: 'mer_a',
            definition,
            at: later,
            step_id: 'sub',
            child_id: 'pi_c',
          },
        },
      ]);
    const parent = { instance_id: 'pi_p', step_id: 'sub' };
    spec
      .given([created('a', { parent, depth: 1 })])
      .when({ type: 'cancel_instance', now: later })
      .then([
        {
          type: 'process_instance.cancelled',
          data: {
            instance_id: 'pi_1',
            merchant_id: 'mer_a',
            definition,
            at: later,
            parent,
            step_id: null,
          },
        },
      ]);
  });
});

function waitingAt(at: string, wait: Record<string, unknown>): InstanceEvent {
  return {
    type: 'process_instance.step_waiting',
    data: { instance_id: 'pi_1', at, step_id: 'sub', wait: wait as never },
  };
}

import { expect } from 'chai';
import type { InstanceEvent } from '../../../domain/processes/instance/instanceEvents.js';
import { evolveInstance } from '../../../domain/processes/instance/instanceEvolution.js';
import { instanceDecider } from '../../../domain/processes/instance/processInstance.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(instanceDecider);
const start = '2026-01-01T00:00:00.000Z';
const deadline = '2026-01-01T00:05:00.000Z';
const before = '2026-01-01T00:04:59.999Z';
const definition = { id: 'refund', version: 2 };
const base = { instance_id: 'pi_1', at: start };

const given: InstanceEvent[] = [
  {
    type: 'process_instance.created',
    data: {
      instance_id: 'pi_1',
      merchant_id: 'mer_a',
      definition,
      inputs: {},
      start_source: { mode: 'api' },
      replay_of: null,
      first_step: 'approve',
      created_at: start,
    },
  },
  {
    type: 'process_instance.step_started',
    data: { ...base, step_id: 'approve', name: null, step_type: 'approval', visible: true },
  },
  {
    type: 'process_instance.step_waiting',
    data: { ...base, step_id: 'approve', wait: { kind: 'approval', until: deadline } },
  },
];
const error = { code: 'timeout', message: `No answer by ${deadline}.`, step_id: 'approve' };

describe('process instance decider: deadlines of a person’s step (escalation)', () => {
  it('times a step out at its deadline, and goes on at on_timeout', () =>
    spec
      .given(given)
      .when({ type: 'time_out_wait', step_id: 'approve', on_timeout: 'escalate', now: deadline })
      .then([
        {
          type: 'process_instance.step_failed',
          data: { instance_id: 'pi_1', step_id: 'approve', error, at: deadline, next: 'escalate' },
        },
      ]));

  it('fails the instance with code timeout when the step has no on_timeout', () =>
    spec
      .given(given)
      .when({ type: 'time_out_wait', step_id: 'approve', on_timeout: null, now: deadline })
      .then([
        {
          type: 'process_instance.step_failed',
          data: { instance_id: 'pi_1', step_id: 'approve', error, at: deadline },
        },
        {
          type: 'process_instance.failed',
          data: { instance_id: 'pi_1', merchant_id: 'mer_a', definition, at: deadline, error },
        },
      ]));

  it('refuses to time out before the deadline, or a step that waits for none', () => {
    spec
      .given(given)
      .when({ type: 'time_out_wait', step_id: 'approve', on_timeout: null, now: before })
      .thenFails('conflict');
    const noDeadline: InstanceEvent[] = [
      ...given.slice(0, 2),
      {
        type: 'process_instance.step_waiting',
        data: { ...base, step_id: 'approve', wait: { kind: 'approval' } },
      },
    ];
    spec
      .given(noDeadline)
      .when({ type: 'time_out_wait', step_id: 'approve', on_timeout: null, now: deadline })
      .thenFails('conflict');
  });

  it('takes an answer before the deadline, and refuses one at or after it', () => {
    const approve = (now: string) => ({
      type: 'resolve_approval' as const,
      step_id: 'approve',
      decision: 'approved' as const,
      comment: null,
      next: null,
      now,
    });
    spec.given(given).when(approve(deadline)).thenFails('conflict');
    spec
      .given(given)
      .when(approve(before))
      .then([
        {
          type: 'process_instance.approval_resolved',
          data: {
            instance_id: 'pi_1',
            at: before,
            step_id: 'approve',
            decision: 'approved',
            comment: null,
          },
        },
        {
          type: 'process_instance.step_completed',
          data: {
            instance_id: 'pi_1',
            at: before,
            step_id: 'approve',
            output: { decision: 'approved', comment: null },
            next: null,
          },
        },
      ]);
  });

  it('after a handled failure, runs on at its next step with the error as the step’s output', () => {
    const state = [
      ...given,
      {
        type: 'process_instance.step_failed',
        data: { instance_id: 'pi_1', step_id: 'approve', error, at: deadline, next: 'escalate' },
      } as InstanceEvent,
    ].reduce(evolveInstance, instanceDecider.initialState());
    expect(state).to.deep.include({
      status: 'running',
      current: null,
      cursor: 'escalate',
      outputs: { approve: { error: { code: 'timeout', message: error.message } } },
      error: null,
    });
  });
});

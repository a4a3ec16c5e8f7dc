import { expect } from 'chai';
import { caughtBy } from '../../../domain/processes/execution/catching.js';
import type { InstanceEvent } from '../../../domain/processes/instance/instanceEvents.js';
import { instanceDecider } from '../../../domain/processes/instance/processInstance.js';
import type { Step } from '../../../domain/processes/stepLanguage.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(instanceDecider);
const now = '2026-01-01T00:00:00.000Z';
const definition = { id: 'refund', version: 2 };
const base = { instance_id: 'pi_1', at: now };

const startedAt = (step_id: string, step_type: 'http' | 'approval'): InstanceEvent[] => [
  {
    type: 'process_instance.created',
    data: {
      instance_id: 'pi_1',
      merchant_id: 'mer_a',
      definition,
      inputs: {},
      start_source: { mode: 'api' },
      replay_of: null,
      first_step: step_id,
      created_at: now,
    },
  },
  {
    type: 'process_instance.step_started',
    data: { ...base, step_id, name: null, step_type, visible: true },
  },
];

describe('catch: which clause takes a failure', () => {
  const step = {
    id: 'charge',
    type: 'transform',
    value: '1',
    catch: [
      { on: ['timeout', 'http_status'], next: 'later' },
      { on: ['*'], next: 'anything' },
    ],
  } as Step;

  it('takes the first clause naming the code, then *', () => {
    expect(caughtBy(step, 'http_status')).to.equal('later');
    expect(caughtBy(step, 'out_of_stock')).to.equal('anything');
  });

  it('takes nothing without catch, and never the guard against endless loops', () => {
    expect(caughtBy({ id: 'a', type: 'succeed' }, 'timeout')).to.equal(undefined);
    expect(caughtBy(step, 'step_limit_exceeded')).to.equal(undefined);
  });
});

describe('process instance decider: failures handled by catch', () => {
  it('records a caught failure and goes on, rather than failing the instance', () =>
    spec
      .given(startedAt('charge', 'http'))
      .when({
        type: 'fail_step',
        step_id: 'charge',
        code: 'http_status',
        message: 'The service answered 503.',
        next: 'refuse',
        now,
      })
      .then([
        {
          type: 'process_instance.step_failed',
          data: {
            ...base,
            step_id: 'charge',
            error: { code: 'http_status', message: 'The service answered 503.', step_id: 'charge' },
            next: 'refuse',
          },
        },
      ]));

  it('sends a rejection to the approval’s catch', () =>
    spec
      .given([
        ...startedAt('approve', 'approval'),
        {
          type: 'process_instance.step_waiting',
          data: { ...base, step_id: 'approve', wait: { kind: 'approval' } },
        },
      ])
      .when({
        type: 'resolve_approval',
        step_id: 'approve',
        decision: 'rejected',
        comment: 'Wrong amount',
        next: null,
        on_rejected: 'rework',
        now,
      })
      .then([
        {
          type: 'process_instance.approval_resolved',
          data: { ...base, step_id: 'approve', decision: 'rejected', comment: 'Wrong amount' },
        },
        {
          type: 'process_instance.step_failed',
          data: {
            ...base,
            step_id: 'approve',
            error: { code: 'approval_rejected', message: 'Wrong amount', step_id: 'approve' },
            next: 'rework',
          },
        },
      ]));
});

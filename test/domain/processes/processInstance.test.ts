import type { InstanceEvent } from '../../../domain/processes/instance/instanceEvents.js';
import { instanceDecider } from '../../../domain/processes/instance/processInstance.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(instanceDecider);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T00:01:00.000Z';
const definition = { id: 'refund', version: 2 };
const base = { instance_id: 'pi_1', at: now };
const ending = { instance_id: 'pi_1', merchant_id: 'mer_a', definition, at: now };

const created: InstanceEvent = {
  type: 'process_instance.created',
  data: {
    instance_id: 'pi_1',
    merchant_id: 'mer_a',
    definition,
    inputs: { amount: 5 },
    start_source: { mode: 'api' },
    replay_of: null,
    first_step: 'check',
    created_at: now,
  },
};
const started = (
  step_id: string,
  step_type: 'transform' | 'delay' | 'approval' | 'user_action' = 'transform',
): InstanceEvent => ({
  type: 'process_instance.step_started',
  data: { ...base, step_id, name: null, step_type, visible: true },
});
const completed = (step_id: string, output: unknown, next: string | null): InstanceEvent => ({
  type: 'process_instance.step_completed',
  data: { ...base, step_id, output, next },
});
const waiting = (
  step_id: string,
  wait: Extract<InstanceEvent, { type: 'process_instance.step_waiting' }>['data']['wait'],
): InstanceEvent => ({
  type: 'process_instance.step_waiting',
  data: { ...base, step_id, wait },
});
const identity = { name: null, step_type: 'transform' as const, visible: true };

describe('process instance decider', () => {
  it('creates an instance, pending at its first step', () => {
    const { created_at: _c, ...rest } = created.data;
    spec
      .given([])
      .when({ type: 'create_instance', ...rest, now })
      .then([created]);
  });

  it('refuses every other command on an instance that does not exist', () => {
    spec.given([]).when({ type: 'cancel_instance', now }).thenFails('not_found');
    spec
      .given([])
      .when({ type: 'start_step', step_id: 'check', ...identity, now })
      .thenFails('not_found');
  });

  it('starts the step under the cursor, and only that one', () => {
    spec
      .given([created])
      .when({ type: 'start_step', step_id: 'check', ...identity, now })
      .then([started('check')]);
    spec
      .given([created])
      .when({ type: 'start_step', step_id: 'other', ...identity, now })
      .thenFails('conflict');
    spec
      .given([created, started('check')])
      .when({ type: 'start_step', step_id: 'check', ...identity, now })
      .thenFails('conflict');
  });

  it('skips the step under the cursor and moves it on', () => {
    const skipped: InstanceEvent = {
      type: 'process_instance.step_skipped',
      data: { ...base, step_id: 'check', ...identity, next: 'pay' },
    };
    spec
      .given([created])
      .when({ type: 'skip_step', step_id: 'check', ...identity, next: 'pay', now })
      .then([skipped]);
    spec
      .given([created, skipped])
      .when({ type: 'start_step', step_id: 'pay', ...identity, now })
      .then([started('pay')]);
  });

  it('completes the running step with its output and next step', () => {
    spec
      .given([created, started('check')])
      .when({ type: 'complete_step', step_id: 'check', output: 1, next: 'pay', now })
      .then([completed('check', 1, 'pay')]);
    spec
      .given([created, started('check')])
      .when({ type: 'complete_step', step_id: 'pay', output: 1, next: null, now })
      .thenFails('conflict');
    spec
      .given([created])
      .when({ type: 'complete_step', step_id: 'check', output: 1, next: null, now })
      .thenFails('conflict');
  });

  it('parks a step in waiting; a waiting step is not completed by the executor', () => {
    const wait = waiting('check', { kind: 'approval' });
    spec
      .given([created, started('check', 'approval')])
      .when({ type: 'wait_step', step_id: 'check', wait: { kind: 'approval' }, now })
      .then([wait]);
    spec
      .given([created, started('check', 'approval'), wait])
      .when({ type: 'complete_step', step_id: 'check', output: 1, next: null, now })
      .thenFails('conflict');
  });

  it('fires a delay only when it is due, and only for a delay', () => {
    const delay = waiting('check', { kind: 'delay', until: later });
    const history = [created, started('check', 'delay'), delay];
    spec
      .given(history)
      .when({ type: 'fire_timer', step_id: 'check', next: 'pay', now })
      .thenFails('conflict');
    spec
      .given(history)
      .when({ type: 'fire_timer', step_id: 'check', next: 'pay', now: later })
      .then([
        {
          type: 'process_instance.step_completed',
          data: { ...base, at: later, step_id: 'check', output: null, next: 'pay' },
        },
      ]);
    spec
      .given([...history, completed('check', null, 'pay')])
      .when({ type: 'fire_timer', step_id: 'check', next: 'pay', now: later })
      .thenFails('conflict');
    const approval = [
      created,
      started('check', 'approval'),
      waiting('check', { kind: 'approval' }),
    ];
    spec
      .given(approval)
      .when({ type: 'fire_timer', step_id: 'check', next: null, now: later })
      .thenFails('conflict');
  });

  it('completes a user action with its data as the output', () => {
    const history = [
      created,
      started('check', 'user_action'),
      waiting('check', { kind: 'user_action', action: 'confirm' }),
    ];
    spec
      .given(history)
      .when({ type: 'complete_user_action', step_id: 'check', data: { ok: 1 }, next: 'pay', now })
      .then([
        {
          type: 'process_instance.user_action_completed',
          data: { ...base, step_id: 'check', data: { ok: 1 } },
        },
        completed('check', { ok: 1 }, 'pay'),
      ]);
    spec
      .given(history)
      .when({
        type: 'resolve_approval',
        step_id: 'check',
        decision: 'approved',
        comment: null,
        next: null,
        now,
      })
      .thenFails('conflict');
    spec
      .given(history)
      .when({ type: 'complete_user_action', step_id: 'other', data: null, next: null, now })
      .thenFails('conflict');
  });

  it('resolves an approval: approved moves on, rejected fails the instance', () => {
    const history = [created, started('check', 'approval'), waiting('check', { kind: 'approval' })];
    const resolved = (decision: 'approved' | 'rejected'): InstanceEvent => ({
      type: 'process_instance.approval_resolved',
      data: { ...base, step_id: 'check', decision, comment: 'why' },
    });
    spec
      .given(history)
      .when({
        type: 'resolve_approval',
        step_id: 'check',
        decision: 'approved',
        comment: 'why',
        next: 'pay',
        now,
      })
      .then([
        resolved('approved'),
        completed('check', { decision: 'approved', comment: 'why' }, 'pay'),
      ]);
    const error = { code: 'approval_rejected', message: 'why', step_id: 'check' };
    spec
      .given(history)
      .when({
        type: 'resolve_approval',
        step_id: 'check',
        decision: 'rejected',
        comment: 'why',
        next: 'pay',
        now,
      })
      .then([
        resolved('rejected'),
        { type: 'process_instance.step_failed', data: { ...base, step_id: 'check', error } },
        { type: 'process_instance.failed', data: { ...ending, error } },
      ]);
    spec
      .given(history)
      .when({ type: 'complete_user_action', step_id: 'check', data: null, next: null, now })
      .thenFails('conflict');
  });

  it('fails a step, and with it the instance', () => {
    const error = { code: 'http_status', message: 'The service answered 500.', step_id: 'check' };
    spec
      .given([created, started('check')])
      .when({
        type: 'fail_step',
        step_id: 'check',
        code: 'http_status',
        message: error.message,
        now,
      })
      .then([
        { type: 'process_instance.step_failed', data: { ...base, step_id: 'check', error } },
        { type: 'process_instance.failed', data: { ...ending, error } },
      ]);
  });

  it('fails an instance on no step, only between steps', () => {
    const error = { code: 'expression_failed', message: 'bad output', step_id: null };
    const done = [created, started('check'), completed('check', 1, null)];
    spec
      .given(done)
      .when({ type: 'fail_instance', code: 'expression_failed', message: 'bad output', now })
      .then([{ type: 'process_instance.failed', data: { ...ending, error } }]);
    spec
      .given([created, started('check')])
      .when({ type: 'fail_instance', code: 'x', message: 'y', now })
      .thenFails('conflict');
  });

  it('completes when no step is left, with or without a result', () => {
    const done = [created, started('check'), completed('check', 1, null)];
    spec
      .given(done)
      .when({ type: 'complete_instance', result: { output: 7 }, now })
      .then([{ type: 'process_instance.completed', data: { ...ending, result: { output: 7 } } }]);
    spec
      .given(done)
      .when({ type: 'complete_instance', result: null, now })
      .then([{ type: 'process_instance.completed', data: { ...ending, result: null } }]);
    spec
      .given([created, started('check'), completed('check', 1, 'pay')])
      .when({ type: 'complete_instance', result: null, now })
      .thenFails('conflict');
    spec
      .given([created, started('check')])
      .when({ type: 'complete_instance', result: null, now })
      .thenFails('conflict');
  });

  it('cancels an instance that has not ended; a terminal instance refuses everything', () => {
    const cancelled: InstanceEvent = {
      type: 'process_instance.cancelled',
      data: { ...ending, step_id: 'check' },
    };
    spec
      .given([created, started('check', 'approval'), waiting('check', { kind: 'approval' })])
      .when({ type: 'cancel_instance', now })
      .then([cancelled]);
    // Between steps, no step is in progress to end with it.
    spec
      .given([created, started('check'), completed('check', 1, 'pay')])
      .when({ type: 'cancel_instance', now })
      .then([{ type: 'process_instance.cancelled', data: { ...ending, step_id: null } }]);
    const completedInstance: InstanceEvent = {
      type: 'process_instance.completed',
      data: { ...ending, result: null },
    };
    for (const end of [cancelled, completedInstance]) {
      const history = [created, started('check'), completed('check', 1, null), end];
      spec.given(history).when({ type: 'cancel_instance', now }).thenFails('conflict');
      spec
        .given(history)
        .when({ type: 'complete_instance', result: null, now })
        .thenFails('conflict');
      spec
        .given(history)
        .when({ type: 'start_step', step_id: 'check', ...identity, now })
        .thenFails('conflict');
    }
  });

  it('creating an instance that exists decides nothing', () => {
    const { created_at: _c, ...rest } = created.data;
    spec
      .given([created])
      .when({ type: 'create_instance', ...rest, now })
      .then([]);
  });
});

import { MAX_PAYLOAD_BYTES } from '../../../domain/events/businessEvent.js';
import type { InstanceEvent } from '../../../domain/processes/instance/instanceEvents.js';
import { instanceDecider } from '../../../domain/processes/instance/processInstance.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(instanceDecider);
const now = '2026-01-01T00:00:00.000Z';
const definition = { id: 'refund', version: 2 };
const ending = { instance_id: 'pi_1', merchant_id: 'mer_a', definition, at: now };
const creation = {
  instance_id: 'pi_1',
  merchant_id: 'mer_a',
  definition,
  inputs: { amount: 5 },
  start_source: { mode: 'api' },
  replay_of: null,
  first_step: 'check',
};
const created: InstanceEvent = {
  type: 'process_instance.created',
  data: { ...creation, created_at: now },
};
const started = (step_type: 'transform' | 'user_action'): InstanceEvent => ({
  type: 'process_instance.step_started',
  data: { instance_id: 'pi_1', at: now, step_id: 'check', name: null, step_type, visible: true },
});
const over = 'x'.repeat(MAX_PAYLOAD_BYTES);
const under = 'x'.repeat(MAX_PAYLOAD_BYTES - 20);

describe('process instance payloads over max_payload_bytes', () => {
  it('refuse an instance whose input is over the bound, and take one just under it', () => {
    spec
      .given([])
      .when({ type: 'create_instance', ...creation, inputs: { over }, now })
      .thenFails('payload_too_large');
    spec
      .given([])
      .when({ type: 'create_instance', ...creation, inputs: { under }, now })
      .then([{ ...created, data: { ...created.data, inputs: { under } } }]);
  });

  it('refuse user-action data over the bound: the step still waits for it', () => {
    spec
      .given([created, started('user_action')])
      .when({ type: 'complete_user_action', step_id: 'check', data: { over }, next: null, now })
      .thenFails('payload_too_large');
  });

  it('fail the step whose output is over the bound, with output_too_large', () => {
    const error = {
      code: 'output_too_large',
      message: `The output of step check is ${MAX_PAYLOAD_BYTES + 2} bytes as JSON, over the ${MAX_PAYLOAD_BYTES} a payload may have.`,
      step_id: 'check',
    };
    spec
      .given([created, started('transform')])
      .when({ type: 'complete_step', step_id: 'check', output: over, next: null, now })
      .then([
        {
          type: 'process_instance.step_failed',
          data: { instance_id: 'pi_1', step_id: 'check', error, at: now },
        },
        { type: 'process_instance.failed', data: { ...ending, error } },
      ]);
    // A command the instance would refuse anyway is refused for that, not failed for its size.
    spec
      .given([created])
      .when({ type: 'complete_step', step_id: 'check', output: over, next: null, now })
      .thenFails('conflict');
  });

  it('fail the instance whose output is over the bound, on no step', () => {
    const done: InstanceEvent = {
      type: 'process_instance.step_completed',
      data: { instance_id: 'pi_1', at: now, step_id: 'check', output: 1, next: null },
    };
    const error = {
      code: 'output_too_large',
      message: `The output is ${MAX_PAYLOAD_BYTES + 13} bytes as JSON, over the ${MAX_PAYLOAD_BYTES} a payload may have.`,
      step_id: null,
    };
    spec
      .given([created, started('transform'), done])
      .when({ type: 'complete_instance', result: { output: over }, now })
      .then([{ type: 'process_instance.failed', data: { ...ending, error } }]);
  });
});

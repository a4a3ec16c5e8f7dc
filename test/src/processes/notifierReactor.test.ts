import { expect } from 'chai';
import type {
  InstanceCompleted,
  InstanceCreated,
  StepStarted,
} from '../../../domain/processes/instance/instanceEvents.js';
import { instanceStream } from '../../../domain/processes/instance/processInstance.js';
import { notifierProcessor } from '../../../src/processes/notifier.js';
import type { ReactorSpec } from '../../support/reactorSpec.js';
import { reactorSpec } from '../../support/reactorSpec.js';

const definition = { id: 'order.summary', version: 2 };

const created = (replayOf: string | null = null): InstanceCreated => ({
  type: 'process_instance.created',
  data: {
    instance_id: 'pi_1',
    merchant_id: 'mer_a',
    definition,
    inputs: { order: 42 },
    start_source: { mode: 'api' },
    replay_of: replayOf,
    first_step: 'total',
    created_at: '2026-03-01T12:00:00.000Z',
  },
});

const stepStarted: StepStarted = {
  type: 'process_instance.step_started',
  data: {
    instance_id: 'pi_1',
    step_id: 'total',
    at: '2026-03-01T12:00:00.000Z',
    name: null,
    step_type: 'transform',
    visible: true,
  },
};

const completed: InstanceCompleted = {
  type: 'process_instance.completed',
  data: {
    instance_id: 'pi_1',
    merchant_id: 'mer_a',
    definition,
    at: '2026-03-01T12:00:01.000Z',
    result: { output: { total: 42 } },
  },
};

/** The business events a reaction published, as "type: data". */
const publishedIn = (appended: Awaited<ReturnType<ReactorSpec['when']>>) =>
  appended.map((event) => ({
    type: event.type,
    merchant: (event.data as { merchant_id: string }).merchant_id,
    data: (event.data as { data: unknown }).data,
  }));

describe('the process notifier, as a reactor', () => {
  let spec: ReactorSpec;
  beforeEach(async () => {
    spec = await reactorSpec(notifierProcessor);
  });
  afterEach(() => spec.close());

  const given = (...events: Parameters<ReactorSpec['given']>[1]) =>
    spec.given(instanceStream('pi_1'), events, { merchant_id: 'mer_a' });

  it('publishes that an instance was created, and replayed when it is a replay', async () => {
    const plain = await given(created());
    expect(publishedIn(await spec.when(plain))).to.deep.equal([
      {
        type: 'process.instance.created',
        merchant: 'mer_a',
        data: { instance_id: 'pi_1', definition, status: 'pending' },
      },
    ]);
    const replay = await spec.given(instanceStream('pi_2'), [created('pi_0')], {
      merchant_id: 'mer_a',
    });
    expect(publishedIn(await spec.when(replay)).map((event) => event.type)).to.deep.equal([
      'process.instance.created',
      'process.instance.replayed',
    ]);
  });

  it('publishes an ending with its output, and nothing for a step', async () => {
    const events = await given(stepStarted, completed);
    expect(publishedIn(await spec.when(events))).to.deep.equal([
      {
        type: 'process.instance.completed',
        merchant: 'mer_a',
        data: { instance_id: 'pi_1', definition, status: 'completed', output: { total: 42 } },
      },
    ]);
  });

  it('publishes each notice once, however often its instance event is handed over again', async () => {
    const events = await given(completed);
    expect(await spec.when(events)).to.have.length(1);
    expect(await spec.when(events)).to.deep.equal([]);
  });
});

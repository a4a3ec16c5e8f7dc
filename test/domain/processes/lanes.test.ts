import { expect } from 'chai';
import type { InstanceEvent } from '../../../domain/processes/instance/instanceEvents.js';
import type { InstanceState } from '../../../domain/processes/instance/instanceState.js';
import { evolveInstance } from '../../../domain/processes/instance/instanceEvolution.js';
import { instanceDecider } from '../../../domain/processes/instance/processInstance.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(instanceDecider);
const at = '2026-01-01T00:00:00.000Z';
const definition = { id: 'fan', version: 1 };
const base = { instance_id: 'pi_1', at };

const fact = (type: string, data: Record<string, unknown>) =>
  ({ type, data: { ...base, ...data } }) as InstanceEvent;

/** A map `each` over two elements, started: its lanes `each[0]` and `each[1]` begin at `double`. */
const forked: InstanceEvent[] = [
  {
    type: 'process_instance.created',
    data: {
      instance_id: 'pi_1',
      merchant_id: 'mer_a',
      definition,
      inputs: {},
      start_source: { mode: 'api' },
      replay_of: null,
      first_step: 'each',
      created_at: at,
    },
  },
  fact('process_instance.step_started', {
    step_id: 'each',
    name: null,
    step_type: 'map',
    visible: true,
  }),
  fact('process_instance.lanes_started', {
    step_id: 'each',
    lanes: [
      { index: 0, first_step: 'double', item: 1 },
      { index: 1, first_step: 'double', item: 2 },
    ],
  }),
];
const inLane = (lane: string, type: string, data: Record<string, unknown>) =>
  fact(type, { ...data, lane });
const ran = (lane: string, output: unknown) => [
  inLane(lane, 'process_instance.step_started', {
    step_id: 'double',
    name: null,
    step_type: 'transform',
    visible: true,
  }),
  inLane(lane, 'process_instance.step_completed', { step_id: 'double', output, next: null }),
];
const stateOf = (events: InstanceEvent[]) =>
  events.reduce<InstanceState>(evolveInstance, { exists: false });

describe('process instance decider: lanes of parallel and map steps', () => {
  it('starts a lane per run, each at its first step with its element, the fork waiting on them', () => {
    const state = stateOf(forked);
    if (!state.exists) throw new Error('no instance');
    expect(Object.keys(state.lanes)).to.deep.equal(['each[0]', 'each[1]']);
    expect(state.lanes['each[1]']).to.include({ cursor: 'double', item: 2, status: 'running' });
    expect(state.current).to.deep.equal({ step_id: 'each', wait: { kind: 'lanes' } });
    expect(state.status).to.equal('running');
  });

  it('runs a step in a lane, its facts naming the lane, the main line untouched', () =>
    spec
      .given(forked)
      .when({
        type: 'start_step',
        lane: 'each[1]',
        step_id: 'double',
        name: null,
        step_type: 'transform',
        visible: true,
        now: at,
      })
      .then([
        inLane('each[1]', 'process_instance.step_started', {
          step_id: 'double',
          name: null,
          step_type: 'transform',
          visible: true,
        }),
      ]));

  it('refuses a step of a lane that is not under way, and a join before the lanes are over', () => {
    spec
      .given(forked)
      .when({
        type: 'complete_step',
        lane: 'each[7]',
        step_id: 'double',
        output: 1,
        next: null,
        now: at,
      })
      .thenFails('conflict');
    spec
      .given([...forked, ...ran('each[0]', 2)])
      .when({ type: 'join_lanes', step_id: 'each', next: null, now: at })
      .thenFails('conflict');
  });

  it('joins the lanes once all completed: the output is their last outputs, in order', () =>
    spec
      .given([...forked, ...ran('each[1]', 4), ...ran('each[0]', 2)])
      .when({ type: 'join_lanes', step_id: 'each', next: 'after', now: at })
      .then([
        fact('process_instance.lanes_joined', {
          step_id: 'each',
          outcome: 'completed',
          lanes: ['each[0]', 'each[1]'],
        }),
        fact('process_instance.step_completed', { step_id: 'each', output: [2, 4], next: 'after' }),
      ]));

  it('fails a lane, not the instance, on a failure it does not handle; the join fails the fork', () => {
    const started = inLane('each[0]', 'process_instance.step_started', {
      step_id: 'double',
      name: null,
      step_type: 'transform',
      visible: true,
    });
    const error = { code: 'boom', message: 'no', step_id: 'double' };
    spec
      .given([...forked, started])
      .when({
        type: 'fail_step',
        lane: 'each[0]',
        step_id: 'double',
        code: 'boom',
        message: 'no',
        now: at,
      })
      .then([inLane('each[0]', 'process_instance.step_failed', { step_id: 'double', error })]);
    const laneFailed = inLane('each[0]', 'process_instance.step_failed', {
      step_id: 'double',
      error,
    });
    const joinError = { code: 'boom', message: 'each[0]: no', step_id: 'each' };
    spec
      .given([...forked, started, laneFailed])
      .when({ type: 'join_lanes', step_id: 'each', next: null, on_failed: 'recover', now: at })
      .then([
        fact('process_instance.lanes_joined', {
          step_id: 'each',
          outcome: 'failed',
          lanes: ['each[0]', 'each[1]'],
        }),
        fact('process_instance.step_failed', {
          step_id: 'each',
          error: joinError,
          next: 'recover',
        }),
      ]);
    // Once joined, the lanes are gone: the one still under way stops with them.
    const joined = stateOf([
      ...forked,
      started,
      laneFailed,
      fact('process_instance.lanes_joined', {
        step_id: 'each',
        outcome: 'failed',
        lanes: ['each[0]', 'each[1]'],
      }),
    ]);
    expect(joined.exists && joined.lanes).to.deep.equal({});
  });

  it('nests lanes in lanes, named after the lane they start in', () => {
    const nested = stateOf([
      ...forked,
      inLane('each[0]', 'process_instance.step_started', {
        step_id: 'checks',
        name: null,
        step_type: 'parallel',
        visible: true,
      }),
      inLane('each[0]', 'process_instance.lanes_started', {
        step_id: 'checks',
        lanes: [
          { index: 0, first_step: 'a' },
          { index: 1, first_step: 'b' },
        ],
      }),
    ]);
    expect(nested.exists && Object.keys(nested.lanes)).to.deep.equal([
      'each[0]',
      'each[1]',
      'each[0]/checks[0]',
      'each[0]/checks[1]',
    ]);
  });

  it('fails a lane, not its instance, when a step of it gives an output over the bound', () => {
    const started = inLane('each[0]', 'process_instance.step_started', {
      step_id: 'double',
      name: null,
      step_type: 'transform',
      visible: true,
    });
    const huge = 'x'.repeat(300_000);
    const decided = instanceDecider.decide(
      {
        type: 'complete_step',
        lane: 'each[0]',
        step_id: 'double',
        output: huge,
        next: null,
        now: at,
      },
      stateOf([...forked, started]),
    );
    if (decided._tag !== 'Right') throw new Error('refused');
    expect(decided.right.map((event) => event.type)).to.deep.equal([
      'process_instance.step_failed',
    ]);
    expect(decided.right[0]!.data).to.include({ lane: 'each[0]', step_id: 'double' });
    expect((decided.right[0]!.data as { error: { code: string } }).error.code).to.equal(
      'output_too_large',
    );
  });
});

import type { InstanceEvent } from './instanceEvents.js';
import type { InstanceState } from './instanceState.js';
import { MAIN } from './lanes.js';
import { evolveInLane, forked } from './laneEvolution.js';

export const evolveInstance = (state: InstanceState, event: InstanceEvent): InstanceState => {
  if (event.type === 'process_instance.created') {
    const { data } = event;
    return {
      exists: true,
      instance_id: data.instance_id,
      merchant_id: data.merchant_id,
      definition: data.definition,
      status: 'pending',
      inputs: data.inputs,
      outputs: {},
      current: null,
      cursor: data.first_step,
      runs: {},
      error: null,
      result: null,
      parent: data.parent ?? null,
      depth: data.depth ?? 0,
      lanes: {},
    };
  }
  if (!state.exists) return state;
  if ('lane' in event.data && event.data.lane !== undefined && event.data.lane !== MAIN)
    return evolveInLane(state, event.data.lane, event);
  switch (event.type) {
    case 'process_instance.step_started': {
      const { step_id } = event.data;
      return {
        ...state,
        status: 'running',
        current: { step_id, wait: null },
        runs: { ...state.runs, [step_id]: (state.runs[step_id] ?? 0) + 1 },
      };
    }
    case 'process_instance.step_skipped':
      return { ...state, status: 'running', cursor: event.data.next };
    case 'process_instance.step_waiting': {
      const { step_id, wait } = event.data;
      const failures = wait.kind === 'retry' ? wait.attempt - 1 : state.current?.failures;
      return {
        ...state,
        status: 'waiting',
        current: { step_id, wait, ...(failures !== undefined && { failures }) },
      };
    }
    case 'process_instance.lanes_started':
    case 'process_instance.lanes_joined':
      return { ...forked(state, MAIN, event), status: 'running' };
    case 'process_instance.user_action_completed':
    case 'process_instance.approval_resolved':
    case 'process_instance.event_received':
    case 'process_instance.step_retrying':
    case 'process_instance.child_ended':
      // The signal ends the wait; the step's completion (or failure) follows in the same append,
      // but for a retry, whose step runs again.
      return {
        ...state,
        status: 'running',
        current: state.current && { ...state.current, wait: null },
      };
    case 'process_instance.step_completed':
      return {
        ...state,
        status: 'running',
        outputs: { ...state.outputs, [event.data.step_id]: event.data.output },
        current: null,
        cursor: event.data.next,
      };
    case 'process_instance.step_failed': {
      const { next, error, step_id } = event.data;
      if (next === undefined) return { ...state, current: null, error };
      return {
        ...state,
        status: 'running',
        current: null,
        cursor: next,
        outputs: {
          ...state.outputs,
          [step_id]: { error: { code: error.code, message: error.message } },
        },
      };
    }
    case 'process_instance.completed':
      return {
        ...state,
        status: 'completed',
        current: null,
        cursor: null,
        result: event.data.result,
      };
    case 'process_instance.failed':
      return { ...state, status: 'failed', current: null, cursor: null, error: event.data.error };
    case 'process_instance.cancelled':
      return { ...state, status: 'cancelled', current: null, cursor: null };
  }
};

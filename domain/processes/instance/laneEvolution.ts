import type { InstanceEvent, LanesJoined, LanesStarted } from './instanceEvents.js';
import type { ExistingInstance, Lane } from './instanceState.js';
import { laneId, statusWithLanes, trackOf, withoutLanes, withTrack } from './lanes.js';

/** A fork starting its lanes (the fork's step waits on them), or joining them (they end). */
export const forked = (
  state: ExistingInstance,
  lane: string,
  event: LanesStarted | LanesJoined,
): ExistingInstance => {
  const { step_id } = event.data;
  const track = trackOf(state, lane);
  if (!track?.current) return state;
  if (event.type === 'process_instance.lanes_joined') {
    const without = withoutLanes(state, lane, step_id);
    return withTrack(without, lane, { current: { ...track.current, wait: null } });
  }
  const lanes = { ...state.lanes };
  for (const started of event.data.lanes) {
    const run: Lane = {
      fork: step_id,
      of: lane,
      index: started.index,
      ...(started.item !== undefined && { item: started.item }),
      current: null,
      cursor: started.first_step,
      outputs: {},
      runs: {},
      status: 'running',
      last: null,
      error: null,
    };
    lanes[laneId(lane, step_id, started.index)] = run;
  }
  return withTrack({ ...state, lanes }, lane, {
    current: { ...track.current, wait: { kind: 'lanes' } },
  });
};

/** A lane's line after one of its facts; the lane of a fork that ended already is left alone. */
const laneAfter = (lane: Lane, event: InstanceEvent): Lane | null => {
  switch (event.type) {
    case 'process_instance.step_started': {
      const { step_id } = event.data;
      const runs = { ...lane.runs, [step_id]: (lane.runs[step_id] ?? 0) + 1 };
      return { ...lane, current: { step_id, wait: null }, runs };
    }
    case 'process_instance.step_skipped': {
      const { next } = event.data;
      return { ...lane, cursor: next, ...(next === null && { status: 'completed' }) };
    }
    case 'process_instance.step_waiting': {
      const { step_id, wait } = event.data;
      const failures = wait.kind === 'retry' ? wait.attempt - 1 : lane.current?.failures;
      return { ...lane, current: { step_id, wait, ...(failures !== undefined && { failures }) } };
    }
    case 'process_instance.user_action_completed':
    case 'process_instance.approval_resolved':
    case 'process_instance.event_received':
    case 'process_instance.step_retrying':
    case 'process_instance.child_ended':
      return { ...lane, current: lane.current && { ...lane.current, wait: null } };
    case 'process_instance.step_completed': {
      const { step_id, output, next } = event.data;
      return {
        ...lane,
        outputs: { ...lane.outputs, [step_id]: output },
        current: null,
        cursor: next,
        last: output,
        ...(next === null && { status: 'completed' }),
      };
    }
    case 'process_instance.step_failed': {
      const { next, error, step_id } = event.data;
      // Unhandled, the lane fails: its fork fails with the error when it joins its lanes.
      if (next === undefined) return { ...lane, current: null, status: 'failed', error };
      const failed = { error: { code: error.code, message: error.message } };
      return {
        ...lane,
        current: null,
        cursor: next,
        outputs: { ...lane.outputs, [step_id]: failed },
      };
    }
    default:
      return null;
  }
};

/** A fact of a step in a lane: the lane moves, and the instance runs while any line can move. */
export const evolveInLane = (
  state: ExistingInstance,
  lane: string,
  event: InstanceEvent,
): ExistingInstance => {
  const track = state.lanes[lane];
  if (!track) return state;
  const next =
    event.type === 'process_instance.lanes_started' ||
    event.type === 'process_instance.lanes_joined'
      ? forked(state, lane, event)
      : withTrack(state, lane, laneAfter(track, event) ?? track);
  return { ...next, status: statusWithLanes(next) };
};

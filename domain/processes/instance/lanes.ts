import type { ExistingInstance, InstanceStatus, Lane, Track } from './instanceState.js';

/**
 * Lanes: the branches of a `parallel` and the runs of a `map` (PRODUCT.md 16), each a line of
 * steps of its own beside the instance's main line, recorded in the instance's own stream. A
 * lane's id says where it is: `fan[3]` (run 3 of the map `fan`), `fan[3]/checks[1]` (branch 1 of
 * the parallel `checks` inside that run). The main line is the lane `''`.
 */
export const MAIN = '';

export const laneId = (of: string, fork: string, index: number): string =>
  `${of === MAIN ? '' : `${of}/`}${fork}[${index}]`;

export const trackOf = (state: ExistingInstance, lane: string): Track | undefined =>
  lane === MAIN ? state : state.lanes[lane];

export const withTrack = (
  state: ExistingInstance,
  lane: string,
  track: Partial<Track> & Partial<Lane>,
): ExistingInstance =>
  lane === MAIN
    ? { ...state, ...track }
    : { ...state, lanes: { ...state.lanes, [lane]: { ...state.lanes[lane]!, ...track } } };

/** The lanes a fork started, in their order. */
export const lanesOf = (state: ExistingInstance, of: string, fork: string): Array<[string, Lane]> =>
  Object.entries(state.lanes)
    .filter(([, lane]) => lane.of === of && lane.fork === fork)
    .sort(([, a], [, b]) => a.index - b.index);

/** A fork's lanes and every lane nested in them: what ends when the fork does. */
export const withoutLanes = (
  state: ExistingInstance,
  of: string,
  fork: string,
): ExistingInstance => {
  const ended = lanesOf(state, of, fork).map(([id]) => id);
  const lanes = Object.fromEntries(
    Object.entries(state.lanes).filter(
      ([id]) => !ended.some((gone) => id === gone || id.startsWith(`${gone}/`)),
    ),
  );
  return { ...state, lanes };
};

/** Whether a fork's lanes are over: all completed, or one failed. */
export const forkSettled = (state: ExistingInstance, of: string, fork: string): boolean => {
  const lanes = lanesOf(state, of, fork).map(([, lane]) => lane);
  return (
    lanes.some((lane) => lane.status === 'failed') || lanes.every((l) => l.status === 'completed')
  );
};

/** Whether the executor has something to do on a line: a step to take, or a fork to join. */
const movable = (state: ExistingInstance, lane: string, track: Track): boolean => {
  const wait = track.current?.wait;
  if (wait?.kind === 'lanes') return forkSettled(state, lane, track.current!.step_id);
  if (wait) return false;
  return track.current !== null || track.cursor !== null || lane === MAIN;
};

/**
 * An instance with lanes runs while any line can move, and waits once every line waits (for a
 * timer, a person, an event, a child).
 */
export const statusWithLanes = (state: ExistingInstance): InstanceStatus => {
  if (movable(state, MAIN, state)) return 'running';
  for (const [id, lane] of Object.entries(state.lanes))
    if (lane.status === 'running' && movable(state, id, lane)) return 'running';
  return 'waiting';
};

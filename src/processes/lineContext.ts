import type { ExistingInstance, Track } from '../../domain/processes/instance/instanceState.js';
import { MAIN } from '../../domain/processes/instance/lanes.js';
import type { ExpressionContext } from './expressions.js';

/** The line of steps of a lane (or of the main line), which must be there. */
export const trackAt = (state: ExistingInstance, lane: string): Track => {
  const track = lane === MAIN ? state : state.lanes[lane];
  if (!track) throw new Error(`${state.instance_id} has no lane ${lane}`);
  return track;
};

/** The lanes a lane is nested in, outermost first, and itself: `a[1]`, `a[1]/b[0]`. */
const laneChain = (lane: string): string[] =>
  lane === MAIN ? [] : lane.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));

/**
 * What a line's expressions see: the input, the outputs of the main line's steps and of every
 * lane it is nested in, its own last; in a map's run (or a branch inside one), `item` and `index`.
 */
export const contextOf = (state: ExistingInstance, lane: string): ExpressionContext => {
  let steps = state.outputs;
  let run: { item: unknown; index: number } | undefined;
  for (const id of laneChain(lane)) {
    const enclosing = state.lanes[id];
    if (!enclosing) continue;
    steps = { ...steps, ...enclosing.outputs };
    if ('item' in enclosing) run = { item: enclosing.item, index: enclosing.index };
  }
  return {
    input: state.inputs,
    steps,
    instance: { id: state.instance_id, merchant_id: state.merchant_id },
    ...run,
  };
};

/**
 * Which run of each enclosing fork a lane belongs to (`2.1`: the second run of the outer fork,
 * the first of the inner): a fork run again (a loop, a retry) starts lanes of the same ids, whose
 * effects (the events they emit) must not pass for those of the first.
 */
export const forkRunsOf = (state: ExistingInstance, lane: string): string =>
  laneChain(lane)
    .map((id) => {
      const enclosing = state.lanes[id];
      if (!enclosing) return 0;
      const parent = enclosing.of === MAIN ? state : state.lanes[enclosing.of];
      return parent?.runs[enclosing.fork] ?? 0;
    })
    .join('.');

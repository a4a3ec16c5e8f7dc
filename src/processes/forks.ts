import { forkSettled, MAIN } from '../../domain/processes/instance/lanes.js';
import type { ExistingInstance, Track } from '../../domain/processes/instance/instanceState.js';
import { payloadFault } from '../../domain/processes/instance/payloadBounds.js';
import { stepById } from '../../domain/processes/execution/stepGraph.js';
import type { DefinitionBody, MapStep, ParallelStep } from '../../domain/processes/stepLanguage.js';
import type { ExpressionContext } from './expressions.js';
import { evaluate } from './expressions.js';

export const MAX_MAP_ITEMS = 1000;
export const DEFAULT_MAP_CONCURRENCY = 4;
/** Lanes under way in one instance at once, all forks and nesting counted. */
export const MAX_LANES = 1000;
/** Lane steps one instance takes at once, all forks counted: nested maps multiply no further. */
export const MAX_LANE_STEPS_AT_ONCE = 32;

type LaneStart = { index: number; first_step: string; item?: unknown };

/**
 * The lanes a fork starts: a lane per branch of a parallel, a run per element of a map's `items`.
 * A map over more than MAX_MAP_ITEMS elements or too many bytes, or a fork that would take the
 * instance past MAX_LANES lanes under way, fails instead.
 */
export const lanesToStart = async (
  step: ParallelStep | MapStep,
  context: ExpressionContext,
  lanesUnderWay: number,
): Promise<{ lanes: LaneStart[] } | { failed: { code: string; message: string } }> => {
  const lanes = await lanesOf(step, context);
  if ('failed' in lanes) return lanes;
  if (lanesUnderWay + lanes.lanes.length > MAX_LANES)
    return {
      failed: {
        code: 'too_many_lanes',
        message: `${step.id} would have ${lanesUnderWay + lanes.lanes.length} branches and runs under way in the instance, over the ${MAX_LANES} it may.`,
      },
    };
  return lanes;
};

const lanesOf = async (
  step: ParallelStep | MapStep,
  context: ExpressionContext,
): Promise<{ lanes: LaneStart[] } | { failed: { code: string; message: string } }> => {
  if (step.type === 'parallel')
    return {
      lanes: step.branches.map((branch, index) => ({ index, first_step: branch.steps[0]!.id })),
    };
  const found = await evaluate(step.items, context);
  // JSONata gives a single match as itself and none as nothing: they are lists of one and none.
  const items: unknown[] = found === undefined ? [] : Array.isArray(found) ? found : [found];
  if (items.length > MAX_MAP_ITEMS)
    return {
      failed: {
        code: 'too_many_items',
        message: `The items of ${step.id} are ${items.length}, over the ${MAX_MAP_ITEMS} a map runs.`,
      },
    };
  const tooLarge = payloadFault(items, step.id, `The items of ${step.id}`);
  if (tooLarge) return { failed: { code: 'items_too_large', message: tooLarge.detail } };
  const first = step.steps[0]!.id;
  return { lanes: items.map((item: unknown, index) => ({ index, first_step: first, item })) };
};

/** What the executor does on a line now: take its next step, join its fork's lanes, or end. */
export type Move = { lane: string; kind: 'step' | 'join' | 'complete' };

const moveOf = (state: ExistingInstance, lane: string, track: Track): Move['kind'] | null => {
  const wait = track.current?.wait;
  if (wait?.kind === 'lanes')
    return forkSettled(state, lane, track.current!.step_id) ? 'join' : null;
  if (wait) return null;
  if (track.current || track.cursor !== null) return 'step';
  return lane === MAIN ? 'complete' : null;
};

const begun = (track: Track) => track.current !== null || Object.keys(track.runs).length > 0;

/**
 * The lines that move in this round: the main line, and the lanes under way, a map's runs in
 * their order with at most its `max_concurrency` begun and not over, and at most
 * MAX_LANE_STEPS_AT_ONCE lane steps in all.
 */
export const movesOf = (state: ExistingInstance, definition: DefinitionBody): Move[] => {
  const moves: Move[] = [];
  const main = moveOf(state, MAIN, state);
  if (main) moves.push({ lane: MAIN, kind: main });
  const forks = new Map<string, Array<[string, ExistingInstance['lanes'][string]]>>();
  for (const entry of Object.entries(state.lanes)) {
    if (entry[1].status !== 'running') continue;
    const key = `${entry[1].of}\u0000${entry[1].fork}`;
    forks.set(key, [...(forks.get(key) ?? []), entry]);
  }
  let budget = MAX_LANE_STEPS_AT_ONCE;
  for (const lanes of forks.values()) {
    const { of, fork: forkId } = lanes[0]![1];
    // A fork whose lanes are over is joined on its line; its lanes still running stop then.
    if (forkSettled(state, of, forkId)) continue;
    const fork = stepById(definition, forkId);
    const limit =
      fork?.type === 'map' ? (fork.max_concurrency ?? DEFAULT_MAP_CONCURRENCY) : Infinity;
    let room = limit - lanes.filter(([, lane]) => begun(lane)).length;
    for (const [id, lane] of lanes.sort(([, a], [, b]) => a.index - b.index)) {
      const kind = moveOf(state, id, lane);
      if (!kind || budget <= 0) continue;
      if (!begun(lane)) {
        if (room <= 0) continue;
        room--;
      }
      moves.push({ lane: id, kind });
      budget--;
    }
  }
  return moves;
};

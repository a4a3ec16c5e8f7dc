import { forkSettled, MAIN } from '../../domain/processes/instance/lanes.js';
import type { ExistingInstance, Track } from '../../domain/processes/instance/instanceState.js';
import { payloadFault } from '../../domain/processes/instance/payloadBounds.js';
import { stepById } from '../../domain/processes/execution/stepGraph.js';
import type { DefinitionBody, MapStep, ParallelStep } from '../../domain/processes/stepLanguage.js';
import type { ExpressionContext } from './expressions.js';
import { evaluate } from './expressions.js';

export const MAX_MAP_ITEMS = 1000;
export const DEFAULT_MAP_CONCURRENCY = 4;

type LaneStart = { index: number; first_step: string; item?: unknown };

/**
 * The lanes a fork starts: a lane per branch of a parallel, a run per element of a map's `items`.
 * A map whose items are not a list, or hold more than MAX_MAP_ITEMS elements or too many bytes,
 * fails instead.
 */
export const lanesToStart = async (
  step: ParallelStep | MapStep,
  context: ExpressionContext,
): Promise<{ lanes: LaneStart[] } | { failed: { code: string; message: string } }> => {
  if (step.type === 'parallel')
    return {
      lanes: step.branches.map((branch, index) => ({ index, first_step: branch.steps[0]!.id })),
    };
  const items = await evaluate(step.items, context);
  if (!Array.isArray(items))
    return {
      failed: { code: 'items_not_a_list', message: `The items of ${step.id} are not a list.` },
    };
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
 * their order with at most its `max_concurrency` begun and not over.
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
  for (const lanes of forks.values()) {
    const fork = stepById(definition, lanes[0]![1].fork);
    const limit =
      fork?.type === 'map' ? (fork.max_concurrency ?? DEFAULT_MAP_CONCURRENCY) : Infinity;
    let room = limit - lanes.filter(([, lane]) => begun(lane)).length;
    for (const [id, lane] of lanes.sort(([, a], [, b]) => a.index - b.index)) {
      const kind = moveOf(state, id, lane);
      if (!kind) continue;
      if (!begun(lane)) {
        if (room <= 0) continue;
        room--;
      }
      moves.push({ lane: id, kind });
    }
  }
  return moves;
};

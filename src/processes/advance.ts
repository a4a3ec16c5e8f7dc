import type { ExistingInstance } from '../../domain/processes/instance/instanceState.js';
import { isTerminal } from '../../domain/processes/instance/instanceState.js';
import type { DefinitionBody } from '../../domain/processes/stepLanguage.js';
import { causedBy } from '../../domain/shared/envelope.js';
import { deadlineOf } from '../../domain/processes/instance/waitDeadlines.js';
import type { InstanceSession } from './instanceSession.js';
import { InstanceMoved, openSession } from './instanceSession.js';
import { childEnding } from './childInstances.js';
import { EXECUTOR_ACTOR } from './executorActor.js';
import { movesOf } from './forks.js';
import type { ExecutorDeps } from './takeStep.js';
import { complete, existing, joinLanes, takeStep } from './takeStep.js';

export { EXECUTOR_ACTOR } from './executorActor.js';
export { MAX_STEP_RUNS } from './takeStep.js';
export type { ExecutorDeps } from './takeStep.js';

/** Where an instance stands once the executor has taken it as far as it can go now. */
export type Standing = { status: ExistingInstance['status']; wakeAt: string | null } | null;

/**
 * A child whose parent ended before the child's first step (cancelled while its call was starting
 * the child, say) has no one to answer: it is cancelled rather than run.
 */
const orphaned = async (deps: ExecutorDeps, child: ExistingInstance): Promise<boolean> => {
  if (!child.parent) return false;
  const parent = (await openSession(deps.services.eventStore, child.parent.instance_id)).state;
  return parent.exists && isTerminal(parent);
};

const flush = (session: InstanceSession) => session.flush(causedBy(session.last!, EXECUTOR_ACTOR));

/**
 * A child may have ended before its parent recorded the wait: the parent looks each time it is
 * advanced. True when the child's end was recorded, so the parent moves on.
 */
const lookAtChild = async (
  deps: ExecutorDeps,
  session: InstanceSession,
  definition: DefinitionBody,
): Promise<boolean> => {
  await flush(session);
  const parent = existing(session);
  const ended = await childEnding(
    deps.services.eventStore,
    parent,
    definition,
    deps.services.now(),
  );
  if (ended) session.decide(ended);
  return ended !== undefined;
};

/**
 * Moves every line that can move, round after round: the main line's steps one after the other,
 * and beside it the lanes of its forks, each lane's next step in the same round (a map's runs at
 * most its max_concurrency at once). A round with lanes is recorded before the next begins.
 */
const moveLines = async (
  deps: ExecutorDeps,
  session: InstanceSession,
  definition: DefinitionBody,
): Promise<void> => {
  for (;;) {
    const state = existing(session);
    if (isTerminal(state)) return;
    if (state.current?.wait?.kind === 'child') {
      if (await lookAtChild(deps, session, definition)) continue;
      return;
    }
    const moves = movesOf(state, definition);
    if (moves.length === 0) return;
    if (moves.some((move) => move.kind === 'complete')) {
      await complete(session, definition, deps.services.now().toISOString());
      return;
    }
    // Joins first, alone: a join ends its fork's lanes (a failed lane stops the others), so the
    // next round is drawn from what is left.
    const joins = moves.filter((move) => move.kind === 'join');
    if (joins.length > 0) {
      for (const move of joins) joinLanes(deps, session, definition, move.lane);
      continue;
    }
    await settleAll(moves.map((move) => takeStep(deps, session, definition, move.lane)));
    if (Object.keys(existing(session).lanes).length > 0) await flush(session);
  }
};

/** Waits for every step of a round, then fails with the first failure: none is left running. */
const settleAll = async (steps: readonly Promise<void>[]): Promise<void> => {
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
};

/** The earliest time a waiting line of the instance is due: a delay's end, a deadline, a retry. */
const wakeAtOf = (state: ExistingInstance): string | null => {
  const times = [state.current, ...Object.values(state.lanes).map((lane) => lane.current)]
    .map((current) => deadlineOf(current?.wait))
    .filter((until): until is string => until !== null);
  return times.length === 0 ? null : times.reduce((a, b) => (a < b ? a : b));
};

const advanceOnce = async (deps: ExecutorDeps, instanceId: string): Promise<Standing> => {
  const session = await openSession(deps.services.eventStore, instanceId);
  const start = session.state;
  if (!start.exists) return null;
  if (start.status === 'pending' && (await orphaned(deps, start))) {
    session.decide({ type: 'cancel_instance', now: deps.services.now().toISOString() });
    await flush(session);
    return { status: 'cancelled', wakeAt: null };
  }
  const waitsOnChild = start.current?.wait?.kind === 'child';
  if (isTerminal(start) || (start.status === 'waiting' && !waitsOnChild))
    return { status: start.status, wakeAt: null };
  const version = await deps.definitions.version(start.definition.id, start.definition.version);
  if (!version)
    throw new Error(
      `${instanceId} runs ${start.definition.id} v${start.definition.version}, which is missing`,
    );
  await moveLines(deps, session, version.body);
  await flush(session);
  const end = existing(session);
  return { status: end.status, wakeAt: wakeAtOf(end) };
};

/**
 * Takes an instance as far as it can go without waiting: step after step until one waits for a
 * timer or a person, or the instance ends. Safe to call at any time and more than once: it acts
 * only on what the instance's stream says is next.
 */
export const advanceInstance = async (
  deps: ExecutorDeps,
  instanceId: string,
): Promise<Standing> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await advanceOnce(deps, instanceId);
    } catch (err) {
      if (!(err instanceof InstanceMoved) || attempt >= 5) throw err;
    }
  }
};

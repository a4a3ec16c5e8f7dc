import { followingStep, stepById } from '../../domain/processes/execution/stepGraph.js';
import { causedBy } from '../../domain/shared/envelope.js';
import type { Services } from '../services.js';
import { EXECUTOR_ACTOR } from './executorActor.js';
import type { Definitions } from './definitions.js';
import { InstanceMoved, openSession } from './instanceSession.js';
import { deadlineOf } from '../../domain/processes/instance/waitDeadlines.js';
import type { InstanceCommand } from '../../domain/processes/instance/instanceCommands.js';
import type { DefinitionRef } from '../../domain/processes/instance/instanceEvents.js';
import type {
  CurrentStep,
  ExistingInstance,
} from '../../domain/processes/instance/instanceState.js';
import { MAIN } from '../../domain/processes/instance/lanes.js';
import type { RunnableVersion } from './definitions.js';
import { caughtBy } from '../../domain/processes/execution/catching.js';
import type { Timers } from './timers.js';

/** A timer that could not fire is tried again after this long, doubled each time up to the most. */
const FIRE_RETRY_MS = 500;
const FIRE_RETRY_MAX_MS = 60_000;

type FiringDeps = {
  services: Pick<Services, 'eventStore' | 'now'>;
  definitions: Definitions;
  /** Runs work on an instance while no other executor works on it (under its lease). */
  exclusive: <T>(instanceId: string, work: () => Promise<T>) => Promise<T>;
};

/** The lines of an instance waiting on the timer: the main line and its lanes, with their waits. */
const timedLines = (state: ExistingInstance) =>
  [
    { lane: MAIN, current: state.current },
    ...Object.entries(state.lanes).map(([lane, track]) => ({ lane, current: track.current })),
  ].flatMap(({ lane, current }) => {
    const until = deadlineOf(current?.wait);
    return current && until !== null ? [{ lane, current, until }] : [];
  });

/** The command that ends a line's wait once it is due. */
const firing = (
  version: RunnableVersion | undefined,
  current: CurrentStep,
  definition: DefinitionRef,
  now: string,
): InstanceCommand => {
  const { step_id: stepId, wait } = current;
  if (!version)
    return {
      type: 'fail_step',
      step_id: stepId,
      code: 'definition_missing',
      message: `Version ${definition.version} of definition ${definition.id} is not found.`,
      now,
    };
  if (wait?.kind === 'delay')
    return { type: 'fire_timer', step_id: stepId, next: followingStep(version.body, stepId), now };
  if (wait?.kind === 'retry') return { type: 'resume_step', step_id: stepId, now };
  // A step waiting for a person or an event, past its deadline: escalated to on_timeout, or the
  // instance fails.
  const step = stepById(version.body, stepId);
  const onTimeout =
    (step && 'on_timeout' in step ? step.on_timeout : undefined) ?? caughtBy(step, 'timeout');
  return { type: 'time_out_wait', step_id: stepId, on_timeout: onTimeout ?? null, now };
};

/**
 * Fires the instance's timers that are due (a delay's end, a deadline, a retry's pause), on its
 * main line and in its lanes: true once one fired (the instance can move on), the time to look
 * again if none is due yet, undefined if there is no timer to fire.
 */
const fireTimer = async (
  { services, definitions }: FiringDeps,
  instanceId: string,
): Promise<true | number | undefined> => {
  // The stream, not a read model, says what the instance waits for: a read model may lag.
  const session = await openSession(services.eventStore, instanceId);
  const state = session.state;
  if (!state.exists) return undefined;
  const lines = timedLines(state);
  if (lines.length === 0) return undefined;
  const now = services.now();
  const due = lines.filter((line) => Date.parse(line.until) <= now.getTime());
  if (due.length === 0) return Math.min(...lines.map((line) => Date.parse(line.until)));
  const version = await definitions.version(state.definition.id, state.definition.version);
  for (const { lane, current } of due) {
    const command = firing(version, current, state.definition, now.toISOString());
    session.decide(lane === MAIN ? command : { ...command, lane });
  }
  await session.flush(causedBy(session.last!, EXECUTOR_ACTOR));
  return true;
};

/**
 * Ends an instance's delay once it is due, then hands the instance on. A delay already over
 * (cancelled, or fired before a restart) is left alone, and one fired early by another clock waits
 * out the rest. Anything else that stops it (a writer that got there first, the store failing) is
 * tried again, sooner and then later, so no instance is stranded on its timer; a definition that
 * is gone fails the step.
 */
export const timerFiring = (
  deps: FiringDeps & Pick<Services, 'logger'>,
  wheel: () => Timers,
  fired: (instanceId: string) => void,
  stopped: () => boolean,
): ((instanceId: string) => void) => {
  const tries = new Map<string, number>();
  return (instanceId) => {
    void deps
      .exclusive(instanceId, () => fireTimer(deps, instanceId))
      .then(
        (outcome) => {
          tries.delete(instanceId);
          if (outcome === true) fired(instanceId);
          else if (outcome !== undefined) wheel().schedule(instanceId, outcome);
        },
        (err: unknown) => {
          // A stopping executor leaves its timers to the next (they are durable).
          if (stopped()) return;
          const tried = (tries.get(instanceId) ?? 0) + 1;
          tries.set(instanceId, tried);
          // Another writer moved the instance on: read it again and decide again, at once.
          const retryInMs =
            err instanceof InstanceMoved && tried <= 3
              ? 0
              : Math.min(FIRE_RETRY_MAX_MS, FIRE_RETRY_MS * 2 ** (tried - 1));
          deps.logger.error(
            { err, instance_id: instanceId, tries: tried, retry_in_ms: retryInMs },
            'a process timer could not fire; trying again',
          );
          wheel().schedule(instanceId, Date.now() + retryInMs);
        },
      );
  };
};

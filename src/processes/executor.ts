import type { ServiceCaller } from '../../adapters/services/port.js';
import { followingStep } from '../../domain/processes/execution/stepGraph.js';
import type { InstanceEvent } from '../../domain/processes/instance/instanceEvents.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { causedBy } from '../../domain/shared/envelope.js';
import { PROCESS_INSTANCES, PROCESS_TIMERS } from '../../projections/processInstances.js';
import type { Services } from '../services.js';
import type { ExecutorDeps } from './advance.js';
import { advanceInstance, EXECUTOR_ACTOR } from './advance.js';
import type { Definitions } from './definitions.js';
import { InstanceMoved, openSession } from './instanceSession.js';
import { timers as timerWheel } from './timers.js';
import { runOnFeed } from '../processing/processor.js';
import { allDocs } from '../reads/readModels.js';

/** The executors: each instance's news goes to one of them. */
export const EXECUTOR_GROUP = 'process_executor';
/** Instances advanced at once; each instance is only ever advanced by one of them. */
const CONCURRENCY = 64;
/** A timer that could not fire is tried again after this long, doubled each time up to the most. */
const FIRE_RETRY_MS = 500;
const FIRE_RETRY_MAX_MS = 60_000;

/** Events after which an instance can move on; the executor's own appends are not among them. */
const MOVES_ON: ReadonlySet<string> = new Set([
  'process_instance.created',
  'process_instance.user_action_completed',
  'process_instance.approval_resolved',
]);

export type Executor = { stop: () => Promise<void> };

/**
 * Runs process instances: advances each new or resumed instance as far as it can go, wakes delayed
 * ones on the durable timer, and on start takes up what a stop or crash interrupted (instances
 * pending or running, timers due). Work on one instance is never done twice at once.
 */
export const startExecutor = async (
  services: Services,
  definitions: Definitions,
  caller: ServiceCaller,
): Promise<Executor> => {
  const deps: ExecutorDeps = { services, definitions, caller };
  const queued: string[] = [];
  const busy = new Set<string>();
  const again = new Set<string>();
  let stopped = false;
  let active = 0;
  let idle: (() => void) | undefined;

  const pump = (): void => {
    while (!stopped && active < CONCURRENCY && queued.length > 0) {
      const instanceId = queued.shift()!;
      if (busy.has(instanceId)) {
        again.add(instanceId);
        continue;
      }
      busy.add(instanceId);
      active++;
      void advanceInstance(deps, instanceId)
        .then((standing) => {
          if (standing?.wakeAt) wheel.schedule(instanceId, Date.parse(standing.wakeAt));
        })
        .catch((err: unknown) => {
          services.logger.error(
            { err, instance_id: instanceId },
            'advancing a process instance failed',
          );
        })
        .finally(() => {
          busy.delete(instanceId);
          active--;
          if (again.delete(instanceId)) queued.push(instanceId);
          if (active === 0) idle?.();
          pump();
        });
    }
  };
  const enqueue = (instanceId: string): void => {
    queued.push(instanceId);
    pump();
  };

  /**
   * Ends an instance's delay once it is due. A delay already over (cancelled, or fired before a
   * restart) is left alone, and one fired early by another clock waits out the rest. Anything else
   * that stops it (a writer that got there first, the store failing) is tried again, sooner and
   * then later, so no instance is stranded on its timer; a definition that is gone fails the step.
   */
  const fireTries = new Map<string, number>();
  const fire = (instanceId: string): void => {
    void fireTimer(instanceId).then(
      (wakeAt) => {
        fireTries.delete(instanceId);
        if (wakeAt !== undefined) wheel.schedule(instanceId, wakeAt);
      },
      (err: unknown) => {
        const tries = (fireTries.get(instanceId) ?? 0) + 1;
        fireTries.set(instanceId, tries);
        // Another writer moved the instance on: read it again and decide again, at once.
        const retryInMs =
          err instanceof InstanceMoved && tries <= 3
            ? 0
            : Math.min(FIRE_RETRY_MAX_MS, FIRE_RETRY_MS * 2 ** (tries - 1));
        services.logger.error(
          { err, instance_id: instanceId, tries, retry_in_ms: retryInMs },
          'a process timer could not fire; trying again',
        );
        if (!stopped) wheel.schedule(instanceId, Date.now() + retryInMs);
      },
    );
  };
  /** Fires the instance's delay; returns when to look again, if it is not due yet. */
  const fireTimer = async (instanceId: string): Promise<number | undefined> => {
    // The stream, not a read model, says what the instance waits for: a read model may lag.
    const session = await openSession(services.eventStore, instanceId);
    const state = session.state;
    const wait = state.exists ? state.current?.wait : undefined;
    if (!state.exists || !state.current || wait?.kind !== 'delay') return undefined;
    const now = services.now();
    if (Date.parse(wait.until) > now.getTime()) return Date.parse(wait.until);
    const stepId = state.current.step_id;
    const version = await definitions.version(state.definition.id, state.definition.version);
    if (!version) {
      session.decide({
        type: 'fail_step',
        step_id: stepId,
        code: 'definition_missing',
        message: `Version ${state.definition.version} of definition ${state.definition.id} is not found.`,
        now: now.toISOString(),
      });
    } else {
      session.decide({
        type: 'fire_timer',
        step_id: stepId,
        next: followingStep(version.body, stepId),
        now: now.toISOString(),
      });
    }
    await session.flush(causedBy(session.last!, EXECUTOR_ACTOR));
    enqueue(instanceId);
    return undefined;
  };
  const wheel = timerWheel(fire);

  // News of instances that moved on: each instance's news goes to one executor of the group, in
  // order. What came before a first start is taken up from the read models below.
  const head = await services.eventStore.headPosition();
  const subscription = await runOnFeed(
    services.feed,
    {
      name: EXECUTOR_GROUP,
      filter: { streamPrefixes: ['process_instance-'] },
      handle: (events) => {
        for (const event of events as readonly RecordedEvent<InstanceEvent>[]) {
          if (MOVES_ON.has(event.type)) enqueue(event.data.instance_id);
        }
        return Promise.resolve();
      },
    },
    services,
    { firstFrom: 'end' },
  );
  await services.projector.caughtUp(head);
  for (const status of ['pending', 'running']) {
    const instances = await allDocs(services.readStore, PROCESS_INSTANCES, {
      where: { status },
      orderBy: { field: 'created_at', direction: 'asc' },
    });
    for (const doc of instances) enqueue(doc.id);
  }
  const timers = await allDocs(services.readStore, PROCESS_TIMERS, {
    orderBy: { field: 'due_at_ms', direction: 'asc' },
  });
  for (const doc of timers) wheel.schedule(doc.id, doc.due_at_ms);

  return {
    stop: async () => {
      stopped = true;
      wheel.stop();
      await subscription.stop();
      if (active > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
};

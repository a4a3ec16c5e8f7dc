import type { StepWaiting } from '../../domain/processes/instance/instanceEvents.js';
import { TERMINAL_EVENT_TYPES } from '../../domain/processes/instance/instanceEvents.js';
import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import { runOnLog } from '../processing/processor.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { WorkerHealth } from '../processing/workerHealth.js';
import type { Logger } from '../logging/logger.js';

/**
 * Where a run stands for a caller waiting on it: ended (a terminal event), or parked on a person
 * (a user action or an approval) or on a business event, which no wait of seconds will see through.
 */
export type RunSettled = { position: Position; ended: boolean };

export type InstanceEndings = {
  /**
   * Resolves once the instance ends or parks on a person, with the position of that event, or
   * undefined when the window closes first. Register before the instance can end (before creating
   * it): endings are only heard from the moment of the call.
   */
  waitFor: (instanceId: string, timeoutMs: number) => Promise<RunSettled | undefined>;
  stop: () => Promise<void>;
};

/**
 * Tells waiting run requests that their instance ended, from a subscription to the instances'
 * streams: no polling, and the answer goes out as soon as the terminal event is in the log.
 */
const PARKED: ReadonlySet<string> = new Set(['user_action', 'approval', 'event']);
/**
 * A person's answer, or a business event, may take days: the caller hears of it later. A delay, a
 * retry's pause or a child's run is waited out, within the caller's window.
 */
const parksOnAPerson = (event: RecordedEvent): boolean =>
  event.type === 'process_instance.step_waiting' &&
  PARKED.has((event.data as StepWaiting['data']).wait.kind);

export const startInstanceEndings = async (services: {
  eventStore: Pick<EventStore, 'subscribe' | 'headPosition'>;
  logger: Logger;
  health?: WorkerHealth;
}): Promise<InstanceEndings> => {
  const waiters = new Map<string, Set<(settled: RunSettled) => void>>();
  const subscription = await runOnLog(
    services.eventStore,
    {
      name: 'instance_endings',
      filter: { streamPrefixes: ['process_instance-'] },
      handle: (events) => {
        for (const event of events) {
          const ended = TERMINAL_EVENT_TYPES.has(event.type);
          if (!ended && !parksOnAPerson(event)) continue;
          const instanceId = (event.data as { instance_id: string }).instance_id;
          for (const resolve of waiters.get(instanceId) ?? [])
            resolve({ position: event.position, ended });
        }
        return Promise.resolve();
      },
    },
    { kind: 'none' },
    services,
  );
  return {
    waitFor: (instanceId, timeoutMs) =>
      new Promise((resolve) => {
        const finish = (settled: RunSettled | undefined) => {
          clearTimeout(timer);
          const set = waiters.get(instanceId);
          set?.delete(finish);
          if (set?.size === 0) waiters.delete(instanceId);
          resolve(settled);
        };
        const timer = setTimeout(() => finish(undefined), timeoutMs);
        const set = waiters.get(instanceId) ?? new Set();
        set.add(finish);
        waiters.set(instanceId, set);
      }),
    stop: () => subscription.stop(),
  };
};

/** A process without the API role: no run is waited for there. */
export const noInstanceEndings: InstanceEndings = {
  waitFor: () => Promise.reject(new Error('Runs are waited for in processes of the api role.')),
  stop: () => Promise.resolve(),
};

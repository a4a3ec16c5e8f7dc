import { TERMINAL_EVENT_TYPES } from '../../domain/processes/instance/instanceEvents.js';
import type { Position } from '../../domain/shared/envelope.js';
import { runOnLog } from '../processing/processor.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import type { Logger } from '../logging/logger.js';

export type InstanceEndings = {
  /**
   * Resolves with the position of the instance's terminal event, or undefined when the window
   * closes first. Register before the instance can end (before creating it): endings are only
   * heard from the moment of the call.
   */
  waitFor: (instanceId: string, timeoutMs: number) => Promise<Position | undefined>;
  stop: () => Promise<void>;
};

/**
 * Tells waiting run requests that their instance ended, from a subscription to the instances'
 * streams: no polling, and the answer goes out as soon as the terminal event is in the log.
 */
export const startInstanceEndings = async (services: {
  eventStore: Pick<EventStore, 'subscribe' | 'headPosition'>;
  logger: Logger;
}): Promise<InstanceEndings> => {
  const waiters = new Map<string, Set<(position: Position) => void>>();
  const subscription = await runOnLog(
    services.eventStore,
    {
      name: 'instance_endings',
      filter: { streamPrefixes: ['process_instance-'] },
      handle: (events) => {
        for (const event of events) {
          if (!TERMINAL_EVENT_TYPES.has(event.type)) continue;
          const instanceId = (event.data as { instance_id: string }).instance_id;
          for (const resolve of waiters.get(instanceId) ?? []) resolve(event.position);
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
        const finish = (position: Position | undefined) => {
          clearTimeout(timer);
          const set = waiters.get(instanceId);
          set?.delete(finish);
          if (set?.size === 0) waiters.delete(instanceId);
          resolve(position);
        };
        const timer = setTimeout(() => finish(undefined), timeoutMs);
        const set = waiters.get(instanceId) ?? new Set();
        set.add(finish);
        waiters.set(instanceId, set);
      }),
    stop: () => subscription.stop(),
  };
};

import type { PartitionHold } from '../../adapters/partitions/port.js';
import { PROCESS_INSTANCES, PROCESS_TIMERS } from '../../projections/processInstances.js';
import { findDocs } from '../reads/readModels.js';
import type { Services } from '../services.js';
import type { Timers } from './timers.js';

type Needs = Pick<Services, 'logger' | 'partitions' | 'readStore'>;

/** The executors' partitions of the instances: timers and interrupted runs are looked after by one. */
export const EXECUTOR_PARTITIONS = 'executor';

/** How often the read models are looked at for work no news announces. */
const SWEEP_MS = 5_000;
/** Timers set in memory ahead of their time: those due before the sweep after next. */
const TIMER_HORIZON_MS = 2 * SWEEP_MS;
const PAGE = 500;

type Work = {
  queue: {
    enqueue: (instanceId: string, merchantId?: string) => void;
    idle: (instanceId: string) => boolean;
  };
  wheel: Timers;
};

/** Instances that should be moving (pending, running) and are not here yet: interrupted runs. */
const takeUpInterrupted = async (services: Needs, hold: PartitionHold, { queue }: Work) => {
  for (const status of ['pending', 'running']) {
    let cursor: string | undefined;
    do {
      const page = await findDocs(services.readStore, PROCESS_INSTANCES, {
        where: { status },
        orderBy: { field: 'created_at', direction: 'asc' },
        limit: PAGE,
        ...(cursor && { cursor }),
      });
      for (const doc of page.docs)
        if (hold.holds(doc.id) && queue.idle(doc.id)) queue.enqueue(doc.id, doc.merchant_id);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
};

/** The durable timers due soon, set in memory: only those near, so memory holds a few. */
const setTimersDueSoon = async (services: Needs, hold: PartitionHold, { wheel }: Work) => {
  let cursor: string | undefined;
  do {
    const page = await findDocs(services.readStore, PROCESS_TIMERS, {
      range: { lte: Date.now() + TIMER_HORIZON_MS },
      orderBy: { field: 'due_at_ms', direction: 'asc' },
      limit: PAGE,
      ...(cursor && { cursor }),
    });
    for (const doc of page.docs) {
      // A lane's timer wakes its instance, which fires whatever of it is due.
      const instanceId = doc.instance_id ?? doc.id;
      if (hold.holds(instanceId)) wheel.schedule(instanceId, doc.due_at_ms);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
};

/**
 * Looks at the read models now and then for the work of this executor's partitions that no news
 * announces: runs a stop or crash interrupted (the run resumes from the instance's stream) and
 * timers falling due, whoever set them. At start, and at once when partitions are gained, so a
 * dead executor's instances and timers are taken over as soon as its partitions are.
 */
export const startExecutorSweep = async (services: Needs, work: Work) => {
  const hold = await services.partitions.join(EXECUTOR_PARTITIONS);
  let running = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const sweep = () => {
    running = running
      .then(async () => {
        if (stopped) return;
        await takeUpInterrupted(services, hold, work);
        await setTimersDueSoon(services, hold, work);
      })
      .catch((err: unknown) => services.logger.error({ err }, 'the executor sweep failed'));
    return running;
  };
  const again = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void sweep().then(again), SWEEP_MS);
  };
  hold.onChange(() => void sweep());
  await sweep();
  again();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      await hold.leave();
    },
  };
};

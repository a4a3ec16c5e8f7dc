import type { ServiceCaller } from '../../adapters/services/port.js';
import type {
  InstanceCancelled,
  InstanceCompleted,
  InstanceEvent,
  InstanceFailed,
} from '../../domain/processes/instance/instanceEvents.js';
import { TERMINAL_EVENT_TYPES } from '../../domain/processes/instance/instanceEvents.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { cancelChildren, recordChildEnd } from './childInstances.js';
import { startEventCorrelator } from './eventCorrelator.js';
import { newId } from '../ids.js';
import { runOnFeed } from '../processing/processor.js';
import type { Services } from '../services.js';
import type { ExecutorDeps } from './advance.js';
import { advanceInstance } from './advance.js';
import type { Definitions } from './definitions.js';
import { startExecutorSweep } from './executorSweep.js';
import { ExecutorStopping, leasedRun } from './instanceLease.js';
import { instanceQueue } from './instanceQueue.js';
import { timerFiring } from './timerFiring.js';
import { timers as timerWheel } from './timers.js';

/** What this file uses of the services. */
type Needs = Pick<
  Services,
  'claims' | 'eventStore' | 'feed' | 'logger' | 'now' | 'partitions' | 'projector' | 'readStore'
>;

/** The executors: each instance's news goes to one of them. */
export const EXECUTOR_GROUP = 'process_executor';

/** Events after which an instance can move on; the executor's own appends are not among them. */
const MOVES_ON: ReadonlySet<string> = new Set([
  'process_instance.created',
  'process_instance.user_action_completed',
  'process_instance.approval_resolved',
  'process_instance.event_received',
  'process_instance.child_ended',
]);

/**
 * What an instance's news asks of the executor: the instance moves on, or its parent does (a
 * child's end ends the parent's `call`); a cancelled instance's child is cancelled in turn.
 */
const newsOf = (event: RecordedEvent<InstanceEvent>) => {
  const merchantId = event.metadata.merchant_id ?? undefined;
  // A failure its definition handled (a catch, an on_timeout) leaves the instance running on.
  const handled = event.type === 'process_instance.step_failed' && event.data.next !== undefined;
  if (MOVES_ON.has(event.type) || handled)
    return { moves: event.data.instance_id, merchantId, cancelled: false, parent: undefined };
  if (!TERMINAL_EVENT_TYPES.has(event.type)) return undefined;
  const ending = event as RecordedEvent<InstanceCompleted | InstanceFailed | InstanceCancelled>;
  const cancelled = ending.type === 'process_instance.cancelled';
  return { moves: undefined, merchantId, cancelled, parent: ending.data.parent?.instance_id };
};

export type Executor = { stop: () => Promise<void> };

/**
 * News of instances that moved on: each instance's news goes to one executor of the group, in
 * order, and counts as handled once its instance is in this executor's queue: one slow run (an
 * `http` step waiting on its service) never holds back the news of other instances. An executor
 * that dies with instances queued or mid-run leaves them pending or running in the read models,
 * where the sweep of whoever takes its partitions over finds them, as it finds what came before
 * a first start.
 */
const followInstanceNews = (
  services: Needs,
  definitions: Definitions,
  enqueue: (instanceId: string, merchantId?: string) => void,
) =>
  runOnFeed(
    services.feed,
    {
      name: EXECUTOR_GROUP,
      filter: { streamPrefixes: ['process_instance-'] },
      handle: async (events) => {
        const moved = new Map<string, string | undefined>();
        for (const event of events as readonly RecordedEvent<InstanceEvent>[]) {
          const news = newsOf(event);
          if (news?.moves) moved.set(news.moves, news.merchantId);
          if (news?.cancelled) await cancelChildren(services, event);
          // Recorded in the parent before the batch counts as handled: its record moves it on.
          if (news?.parent) await recordChildEnd(services, definitions, news.parent);
        }
        for (const [instanceId, merchantId] of moved) enqueue(instanceId, merchantId);
      },
    },
    services,
    { firstFrom: 'end' },
  );

/**
 * Runs process instances: advances each new or resumed instance as far as it can go, wakes delayed
 * ones on the durable timer, and takes up what a stop or crash interrupted. An instance is advanced
 * by one executor at a time, under its lease; the timers and the interrupted instances an executor
 * looks after are those of its partitions, which the others take over should it die.
 */
export const startExecutor = async (
  services: Needs,
  definitions: Definitions,
  caller: ServiceCaller,
): Promise<Executor> => {
  const deps: ExecutorDeps = { services, definitions, caller };
  let stopped = false;
  const underLease = leasedRun(services.claims, newId('exe'), () => stopped);
  const advance = (instanceId: string) =>
    underLease(instanceId, async () => {
      const standing = await advanceInstance(deps, instanceId);
      if (standing?.wakeAt) wheel.schedule(instanceId, Date.parse(standing.wakeAt));
    }).catch((err: unknown) => {
      if (err instanceof ExecutorStopping) return;
      services.logger.error(
        { err, instance_id: instanceId },
        'advancing a process instance failed',
      );
    });
  const queue = instanceQueue(advance);
  const enqueue = (instanceId: string, merchantId?: string) => {
    // A run that could not be waited for ends with the executor: the sweep finds it again.
    queue.enqueue(instanceId, merchantId).catch(() => undefined);
  };
  const fire = timerFiring(
    { services, definitions, logger: services.logger, exclusive: underLease },
    () => wheel,
    enqueue,
    () => stopped,
  );
  const wheel = timerWheel(fire);

  const head = await services.eventStore.headPosition();
  const news = await followInstanceNews(services, definitions, enqueue);
  const correlator = await startEventCorrelator({ services, definitions });
  await services.projector.caughtUp(head);
  const sweep = await startExecutorSweep(services, { queue: { ...queue, enqueue }, wheel });

  return {
    stop: async () => {
      stopped = true;
      await sweep.stop();
      const idle = queue.stop();
      wheel.stop();
      await correlator.stop();
      await news.stop();
      await idle;
    },
  };
};

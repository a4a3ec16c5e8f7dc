import type { ServiceCaller } from '../../adapters/services/port.js';
import type { InstanceEvent } from '../../domain/processes/instance/instanceEvents.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { PROCESS_INSTANCES, PROCESS_TIMERS } from '../../projections/processInstances.js';
import type { Services } from '../services.js';
import type { ExecutorDeps } from './advance.js';
import { advanceInstance } from './advance.js';
import type { Definitions } from './definitions.js';
import type { InstanceQueue } from './instanceQueue.js';
import { instanceQueue } from './instanceQueue.js';
import { timerFiring } from './timerFiring.js';
import type { Timers } from './timers.js';
import { timers as timerWheel } from './timers.js';
import { runOnFeed } from '../processing/processor.js';
import { allDocs } from '../reads/readModels.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventStore' | 'feed' | 'logger' | 'now' | 'projector' | 'readStore'>;

/** The executors: each instance's news goes to one of them. */
export const EXECUTOR_GROUP = 'process_executor';

/** Events after which an instance can move on; the executor's own appends are not among them. */
const MOVES_ON: ReadonlySet<string> = new Set([
  'process_instance.created',
  'process_instance.user_action_completed',
  'process_instance.approval_resolved',
]);

export type Executor = { stop: () => Promise<void> };

/**
 * News of instances that moved on: each instance's news goes to one executor of the group, in
 * order. What came before a first start is taken up from the read models instead.
 */
const followInstanceNews = (services: Needs, news: (instanceId: string) => void) =>
  runOnFeed(
    services.feed,
    {
      name: EXECUTOR_GROUP,
      filter: { streamPrefixes: ['process_instance-'] },
      handle: (events) => {
        for (const event of events as readonly RecordedEvent<InstanceEvent>[]) {
          if (MOVES_ON.has(event.type)) news(event.data.instance_id);
        }
        return Promise.resolve();
      },
    },
    services,
    { firstFrom: 'end' },
  );

/** What a stop or crash interrupted: instances pending or running, and every durable timer. */
const takeUpInterrupted = async (
  services: Needs,
  queue: InstanceQueue,
  wheel: Timers,
): Promise<void> => {
  for (const status of ['pending', 'running']) {
    const instances = await allDocs(services.readStore, PROCESS_INSTANCES, {
      where: { status },
      orderBy: { field: 'created_at', direction: 'asc' },
    });
    for (const doc of instances) queue.enqueue(doc.id);
  }
  const timers = await allDocs(services.readStore, PROCESS_TIMERS, {
    orderBy: { field: 'due_at_ms', direction: 'asc' },
  });
  for (const doc of timers) wheel.schedule(doc.id, doc.due_at_ms);
};

/**
 * Runs process instances: advances each new or resumed instance as far as it can go, wakes delayed
 * ones on the durable timer, and on start takes up what a stop or crash interrupted. Work on one
 * instance is never done twice at once.
 */
export const startExecutor = async (
  services: Needs,
  definitions: Definitions,
  caller: ServiceCaller,
): Promise<Executor> => {
  const deps: ExecutorDeps = { services, definitions, caller };
  let stopped = false;
  const queue = instanceQueue((instanceId) =>
    advanceInstance(deps, instanceId).then(
      (standing) => {
        if (standing?.wakeAt) wheel.schedule(instanceId, Date.parse(standing.wakeAt));
      },
      (err: unknown) => {
        services.logger.error(
          { err, instance_id: instanceId },
          'advancing a process instance failed',
        );
      },
    ),
  );
  const fire = timerFiring(
    { services, definitions, logger: services.logger },
    () => wheel,
    (instanceId) => queue.enqueue(instanceId),
    () => stopped,
  );
  const wheel = timerWheel(fire);

  const head = await services.eventStore.headPosition();
  const news = await followInstanceNews(services, (instanceId) => queue.enqueue(instanceId));
  await services.projector.caughtUp(head);
  await takeUpInterrupted(services, queue, wheel);

  return {
    stop: async () => {
      stopped = true;
      const idle = queue.stop();
      wheel.stop();
      await news.stop();
      await idle;
    },
  };
};

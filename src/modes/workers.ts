import { httpSender } from '../../adapters/delivery/http/httpSender.js';
import { startThreadSender } from '../../adapters/delivery/thread/threadSender.js';
import { undiciServiceCaller } from '../../adapters/services/http/undiciServiceCaller.js';
import type { EventTopic } from '../../adapters/transport/port.js';
import { activeRole } from './activeRole.js';
import { startDispatcher } from '../delivery/dispatcher.js';
import { startPlanner } from '../delivery/planner.js';
import { startOperationalEvents } from '../delivery/operational/reactor.js';
import { startExecutor } from '../processes/executor.js';
import { holdExpressionEvaluators } from '../processes/expressions.js';
import { startNotifier } from '../processes/notifier.js';
import type { Services } from '../services.js';
import { startRelay } from '../transport/relay.js';
import { startRetentionSweeper } from '../payloads/retentionSweeper.js';
import { startIdleListenerSweep } from '../listen/idleListeners.js';
import type { Role } from './roles.js';

type Stoppable = { stop: () => Promise<void> };

/**
 * Starts the workers of the roles given (the API and the projector are started by the mode, which
 * knows where the read models are written). Returns how to stop them, in the reverse order.
 */
export const startWorkers = async (
  services: Services,
  roles: readonly Role[],
  options: { topic?: EventTopic; storesAway?: boolean } = {},
): Promise<Stoppable> => {
  const { config } = services;
  const started: Stoppable[] = [startRetentionSweeper(services), startIdleListenerSweep(services)];
  // Where the feed is the log itself (PostgreSQL), the relay has nothing to copy.
  // One relay writes the topic at a time; further ones stand by.
  const { topic } = options;
  if (roles.includes('relay') && topic) {
    const relaying = () => startRelay(services, topic);
    started.push(await activeRole(services.partitions, 'relay', relaying, services.logger));
  }
  if (roles.includes('dispatcher')) {
    started.push(await startPlanner(services));
    // Before the dispatcher: the tries it records are what the operational events tell of.
    started.push(await startOperationalEvents(services));
    const senderOptions = {
      allowPrivate: config.allowPrivateUrls,
      // As many connections to one origin as the dispatcher may have requests in flight: the
      // endpoints on one host then never queue behind each other in the pool, so a request goes
      // on the wire when its endpoint's limits let it (its rate is counted from then). Each
      // endpoint is still held to its own concurrency by the dispatcher.
      connectionsPerOrigin: config.deliveryConcurrency,
      dns: {
        servers: config.guards.dnsServers,
        timeoutMs: config.guards.dnsTimeoutMs,
        lookupsPerMerchant: config.guards.dnsLookupsPerMerchant,
      },
    };
    const sender = config.deliveryThread
      ? await startThreadSender(senderOptions)
      : httpSender(senderOptions);
    started.push(
      await startDispatcher(services, sender, { storesAway: options.storesAway ?? false }),
    );
  }
  if (roles.includes('executor')) {
    // Stopped after the executor (the list is stopped from its end): runs left may still evaluate.
    started.push(
      holdExpressionEvaluators({
        evaluators: config.guards.expressionWorkers,
        memoryMb: config.guards.expressionMemoryMb,
      }),
    );
    started.push(await startNotifier(services));
    const serviceCaller = undiciServiceCaller({
      allowHttp: config.allowHttpUrls,
      allowPrivate: config.allowPrivateUrls,
      resolver: services.hostResolver,
    });
    started.push({ stop: () => serviceCaller.close() });
    started.push(await startExecutor(services, services.definitions, serviceCaller));
  }
  return {
    stop: async () => {
      for (const worker of started.reverse()) await worker.stop();
    },
  };
};

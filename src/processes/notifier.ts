import type { Subscription } from '../../adapters/eventstore/port.js';
import { causedBy } from '../../domain/shared/envelope.js';
import { publishEvent } from '../events/publishEvent.js';
import { processorCheckpoint } from '../projector/processorCheckpoint.js';
import type { Services } from '../services.js';
import { noticesOf } from './instanceNotices.js';

export const NOTIFIER = 'process_notifier';
const ACTOR = 'sluice:processes';

/**
 * Publishes the business events that process instances stand for, from the instances' own
 * streams. Publication is idempotent (ids derive from the instance event), so after a crash the
 * notifier resumes from its checkpoint and repeats the last batch harmlessly; the delivery planner
 * then treats these events like any other.
 */
export const startNotifier = async (services: Services): Promise<Pick<Subscription, 'stop'>> => {
  const checkpoint = await processorCheckpoint(services.readStore, NOTIFIER);
  const after = await checkpoint.load();
  let stopped = false;
  const subscription = services.eventStore.subscribe(
    { ...(after && { after }), filter: { streamPrefixes: ['process_instance-'] } },
    async (events, progress) => {
      for (const event of events) {
        for (const notice of noticesOf(event)) {
          while (!stopped) {
            const result = await publishEvent(services, notice, causedBy(event, ACTOR)).catch(
              (err: unknown) => ({ ok: false as const, err }),
            );
            if (result.ok) break;
            // The log is the queue: a notice that cannot be published now is tried again, in order.
            services.logger.error(
              { event_id: event.id, notice: notice.type },
              'publishing a process notice failed; retrying',
            );
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
        }
      }
      if (!stopped) await checkpoint.save(progress.scannedTo);
    },
  );
  return {
    stop: async () => {
      stopped = true;
      await subscription.stop();
      await checkpoint.flush();
    },
  };
};

import { isLeft } from 'fp-ts/lib/Either.js';
import type { Subscription } from '../../adapters/eventstore/port.js';
import { causedBy } from '../../domain/shared/envelope.js';
import { publishEvent } from '../events/publishEvent.js';
import type { Processor } from '../processing/processor.js';
import { runOnFeed } from '../processing/processor.js';
import type { Services } from '../services.js';
import { noticesOf } from './instanceNotices.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventStore' | 'feed' | 'logger' | 'now'>;

export const NOTIFIER = 'process_notifier';
const ACTOR = 'sluice:processes';

/**
 * Publishes the business events that process instances stand for, from the instances' own
 * streams. Publication is idempotent (ids derive from the instance event), so after a crash the
 * notifier resumes from its checkpoint and repeats the last batch harmlessly; the delivery planner
 * then treats these events like any other.
 */
export const notifierProcessor = (services: Omit<Needs, 'feed'>): Processor => ({
  name: NOTIFIER,
  filter: { streamPrefixes: ['process_instance-'] },
  handle: async (events) => {
    for (const event of events) {
      for (const notice of noticesOf(event)) {
        const published = await publishEvent(services, notice, causedBy(event, ACTOR));
        if (isLeft(published))
          throw new Error(`${notice.type} ${notice.id ?? ''}: ${published.left.detail}`);
      }
    }
  },
});

export const startNotifier = (services: Needs): Promise<Pick<Subscription, 'stop'>> =>
  runOnFeed(services.feed, notifierProcessor(services), services);

import type { Subscription } from '../../adapters/eventstore/port.js';
import type { BusinessEvent } from '../../domain/events/businessEvent.js';
import { businessEventStream } from '../../domain/events/businessEvent.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import { eventDoc } from '../../projections/events.js';
import { unreadableOf } from '../payloads/sealedEvents.js';
import { followLog } from '../processing/processor.js';
import type { Services } from '../services.js';

type Needs = Pick<Services, 'eventStore' | 'logger' | 'webhookBodies'>;

/**
 * The bodies of the business events published from now on, kept for this process's attempts as
 * they are heard. Where several dispatchers run, an event is planned by one of them, and its
 * deliveries are sent by those holding its endpoints: without this, each of the others reads the
 * event from the log for its first try. Appends are heard with their events, so keeping them
 * costs no read.
 */
export const keepBodiesHeard = async (services: Needs): Promise<Subscription> =>
  followLog(
    services.eventStore,
    {
      name: 'dispatcher_bodies_heard',
      filter: { streamPrefixes: [businessEventStream('')] },
      handle: (events) => {
        for (const event of events as RecordedEvent<BusinessEvent>[])
          if (!unreadableOf(event.data))
            services.webhookBodies.remember(eventDoc(event.type, event.data));
        return Promise.resolve();
      },
    },
    await services.eventStore.headPosition(),
    services,
  );

import { isLeft } from 'fp-ts/lib/Either.js';
import type { Subscription } from '../../../adapters/eventstore/port.js';
import type { DeliveryAttempted } from '../../../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import { causedBy } from '../../../domain/shared/envelope.js';
import type { EndpointEvent, EndpointUpdated } from '../../../domain/webhooks/endpoint.js';
import { endpointDecider } from '../../../domain/webhooks/endpoint.js';
import type { Publication } from '../../events/publishEvent.js';
import { publishEvent } from '../../events/publishEvent.js';
import type { Processor } from '../../processing/processor.js';
import { runOnFeed } from '../../processing/processor.js';
import type { Services } from '../../services.js';
import { attemptNotices, disabledNotice, enabledChange, enabledNotice } from './notices.js';

/** What this file uses of the services. */
type Needs = Pick<Services, 'eventStore' | 'feed' | 'logger' | 'now'>;

export const OPERATIONAL_EVENTS = 'operational_events';
const ACTOR = 'sluice:operational-events';

/** The endpoint's URL as the update left it: the update itself does not carry it. */
const urlAfter = async (
  services: Pick<Needs, 'eventStore'>,
  update: RecordedEvent<EndpointUpdated>,
): Promise<string> => {
  const past = (await services.eventStore.readStream(
    update.stream,
  )) as RecordedEvent<EndpointEvent>[];
  const state = past
    .filter((event) => event.revision <= update.revision)
    .reduce(endpointDecider.evolve, endpointDecider.initialState());
  return state.status === 'absent' ? '' : state.settings.url;
};

/** The operational events one event of the log stands for. */
const noticesOf = async (
  services: Pick<Needs, 'eventStore'>,
  event: RecordedEvent,
): Promise<Publication[]> => {
  if (event.type === 'delivery.attempted')
    return attemptNotices(event as RecordedEvent<DeliveryAttempted>);
  if (event.type !== 'webhook_endpoint.updated') return [];
  const update = event as RecordedEvent<EndpointUpdated>;
  const change = enabledChange(update);
  if (change === null) return [];
  if (change.kind === 'enabled') return [enabledNotice(update)];
  return [disabledNotice(update, change.reason, await urlAfter(services, update))];
};

/**
 * Publishes the operational events (PRODUCT.md 11) from the log: the tries of messages in the
 * delivery streams, the disabling and enabling of endpoints in theirs. Derived from the log rather
 * than told where they happen, none is lost to a crash between the two appends; each event's id
 * derives from its cause, so the batch handled again after a crash publishes nothing twice. The
 * planner then delivers them like any other event, to the merchant's endpoints that ask for them.
 */
export const operationalEventsProcessor = (services: Omit<Needs, 'feed'>): Processor => ({
  name: OPERATIONAL_EVENTS,
  filter: { typePrefixes: ['delivery.attempted', 'webhook_endpoint.updated'] },
  handle: async (events) => {
    for (const event of events) {
      for (const publication of await noticesOf(services, event)) {
        const metadata = { ...causedBy(event, ACTOR), merchant_id: publication.merchant_id };
        const published = await publishEvent(services, publication, metadata);
        // A refusal is the same on every try: waiting on it would hold back every event after it.
        if (isLeft(published))
          services.logger.error(
            { type: publication.type, id: publication.id, problem: published.left.detail },
            'operational event refused',
          );
      }
    }
  },
});

/**
 * The reactor on the feed, run where the planner is. A group that has never run starts at the
 * log's end: what came before it was told as it happened, or predates these events.
 */
export const startOperationalEvents = (services: Needs): Promise<Pick<Subscription, 'stop'>> =>
  runOnFeed(services.feed, operationalEventsProcessor(services), services, { firstFrom: 'end' });

import type { BusinessEvent } from '../../domain/events/businessEvent.js';
import { businessEventStream } from '../../domain/events/businessEvent.js';
import type { DeliveryEvent } from '../../domain/deliveries/delivery.js';
import { deliveryDecider, deliveryEnding } from '../../domain/deliveries/delivery.js';
import type { DomainEvent, RecordedEvent } from '../../domain/shared/envelope.js';
import { eventDoc } from '../../projections/events.js';
import type { DueDoc } from '../../projections/deliveries.js';
import type { EndpointSecretsDoc } from '../../projections/webhookEndpoints.js';
import { unreadableOf } from '../payloads/sealedEvents.js';
import type { Services } from '../services.js';
import type { KnownDelivery } from './knownDeliveries.js';

/** What an attempt uses of the services. */
export type AttemptNeeds = Pick<
  Services,
  | 'config'
  | 'dataKeys'
  | 'eventStore'
  | 'logger'
  | 'metrics'
  | 'now'
  | 'projector'
  | 'readStore'
  | 'secrets'
  | 'webhookBodies'
>;

/**
 * The parts of one try of a due delivery that every sender shares: the dispatcher's over HTTP and
 * a listening developer's (src/listen/), which receives the try over its stream and answers it.
 */

/**
 * The delivery's stream as it stands, read when the dispatcher did not see its last event (a retry,
 * a new round, a restart).
 */
export const readDelivery = async (
  services: AttemptNeeds,
  deliveryId: string,
): Promise<KnownDelivery> => {
  const past = (await services.eventStore.readStream(deliveryId)) as RecordedEvent<DeliveryEvent>[];
  const last = past[past.length - 1];
  if (!last) throw new Error(`Delivery ${deliveryId} has no events.`);
  return {
    state: past.reduce(deliveryDecider.evolve, deliveryDecider.initialState()),
    revision: last.revision,
    last,
  };
};

export const isTheTryDue = ({ state }: KnownDelivery, due: DueDoc): boolean =>
  state.status === 'pending' &&
  state.due_at !== null &&
  Date.parse(state.due_at) === due.due_at_ms &&
  (due.round === undefined || due.round === state.round.number);

/** Whether the data key of a kept body's payload lives still (no erasure or expiry since). */
const stillReadable = async (services: AttemptNeeds, eventId: string): Promise<boolean> => {
  const keyId = services.webhookBodies.sealedUnder(eventId);
  return keyId === undefined || (await services.dataKeys.lookup(keyId)).status === 'live';
};

/** Why a delivery cannot be sent at all: its event's payload was erased, or outlived the retention. */
export type UnreadableBody = { abandon: 'data_erased' | 'data_expired' };

/**
 * The webhook's body: kept since its event was planned in this process, or built from the log. An
 * event whose payload can no longer be read has none: its deliveries are abandoned.
 */
export const bodyOf = async (
  services: AttemptNeeds,
  due: DueDoc,
): Promise<string | UnreadableBody> => {
  const kept = services.webhookBodies.recall(due.event_id);
  if (kept !== undefined && (await stillReadable(services, due.event_id))) return kept;
  const [event] = (await services.eventStore.readStream(businessEventStream(due.event_id), {
    limit: 1,
  })) as RecordedEvent<BusinessEvent>[];
  if (!event) throw new Error(`Delivery ${due.id} names no event.`);
  const unreadable = unreadableOf(event.data);
  if (unreadable) return { abandon: unreadable === 'erased' ? 'data_erased' : 'data_expired' };
  return services.webhookBodies.remember(eventDoc(event.type, event.data));
};

export const countEndings = (services: AttemptNeeds, events: readonly DomainEvent[]) => {
  for (const event of events) {
    const ending = deliveryEnding(event);
    if (ending) services.metrics.delivery.ended(ending);
  }
};

/** The secrets that sign now: the current one, and the previous one during a rotation's grace. */
export const signingSecrets = (
  services: AttemptNeeds,
  doc: EndpointSecretsDoc,
  now: Date,
): string[] => {
  const secrets = [services.secrets.open(doc.current, doc.id)];
  if (
    doc.previous &&
    doc.previous_expires_at &&
    Date.parse(doc.previous_expires_at) > now.getTime()
  ) {
    secrets.push(services.secrets.open(doc.previous, doc.id));
  }
  return secrets;
};

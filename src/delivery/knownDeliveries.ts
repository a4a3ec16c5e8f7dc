import type { DeliveryEvent, DeliveryState } from '../../domain/deliveries/delivery.js';
import { deliveryDecider } from '../../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../../domain/shared/envelope.js';
import type { KnownStream } from '../commands/handleCommand.js';
import { recentMap } from '../../adapters/memory/recentMap.js';

/**
 * The latest deliveries planned are remembered, this many at most: older ones (a backlog waiting on
 * its endpoint's rate, say) are forgotten, and their attempts read their stream instead.
 */
const REMEMBERED = 8_192;

/**
 * How a delivery's stream stands: its state, its last revision, and its last event, which is what
 * the next attempt follows from (its cause).
 */
export type KnownDelivery = KnownStream<DeliveryState> & { last: RecordedEvent<DeliveryEvent> };

export type KnownDeliveries = {
  /** A delivery event the dispatcher was told of: a plan says all there is to know of its stream. */
  note: (event: RecordedEvent<DeliveryEvent>) => void;
  /** What is known of a delivery's stream, once: an attempt appends after it. */
  take: (deliveryId: string) => { known?: KnownDelivery };
  /**
   * What this dispatcher holds changed: what it noted may be stale now (a partition gained back
   * was another's meanwhile, whose attempts it did not hear of), so all of it is forgotten.
   */
  forgetAll: () => void;
};

/**
 * How the streams of deliveries just planned stand, from their plans: recording the first attempt
 * then needs no read of the stream. Only the plans of endpoints this dispatcher holds are noted,
 * while it holds them: a plan of another's endpoint may be tried by that one, whose attempt this
 * one would not hear of, and a try sent from such stale knowledge would go out twice (the
 * append's revision check would find it out only after the request was sent).
 */
export const knownDeliveries = (holds: (endpointId: string) => boolean): KnownDeliveries => {
  const streams = recentMap<string, KnownDelivery>(REMEMBERED);
  return {
    forgetAll: () => streams.clear(),
    note: (event) => {
      if (event.type !== 'delivery.planned' || event.revision !== 0) return;
      if (!holds(event.data.endpoint_id)) return;
      const state = deliveryDecider.evolve(deliveryDecider.initialState(), event);
      streams.set(event.stream, { state, revision: event.revision, last: event });
    },
    take: (deliveryId) => {
      const known = streams.get(deliveryId);
      if (!known) return {};
      streams.delete(deliveryId);
      return { known };
    },
  };
};

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
};

/**
 * How the streams of deliveries just planned stand, from their plans: recording the first attempt
 * then needs no read of the stream. What is known may be stale (another writer may have appended
 * since); the append's revision check finds that out, and the attempt then reads the stream.
 */
export const knownDeliveries = (): KnownDeliveries => {
  const streams = recentMap<string, KnownDelivery>(REMEMBERED);
  return {
    note: (event) => {
      if (event.type !== 'delivery.planned' || event.revision !== 0) return;
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

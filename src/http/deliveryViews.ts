import type { AttemptDoc, MessageDoc } from '../../projections/deliveries.js';
import type { Unreadable } from '../payloads/payloadStanding.js';

/**
 * An attempt's answer that can no longer be read says why, as an event does (PRODUCT.md 14), so
 * that a reader does not take the null for a receiver that answered nothing.
 */
const unreadableAnswer = (because: Unreadable['because'] | undefined) =>
  because === 'erased'
    ? { response_body_erased: true as const }
    : because === 'expired'
      ? { response_body_expired: true as const }
      : {};

/** An attempt as the API shows it. */
export const presentAttempt = (
  doc: AttemptDoc & { response_body_unreadable?: Unreadable['because'] },
) => {
  const { merchant_id: _, response_body_unreadable: because, ...attempt } = doc;
  return { ...attempt, ...unreadableAnswer(because) };
};

/** A message whose event's payload is gone: why and since when, as its event says it. */
const unreadablePayload = (unreadable: Unreadable | undefined) =>
  unreadable?.because === 'erased'
    ? { erased: true as const, erased_at: unreadable.since }
    : unreadable?.because === 'expired'
      ? { data_expired: true as const, data_expired_at: unreadable.since }
      : {};

/**
 * The outcome of the message's last attempt: a pending message whose last try failed is in
 * retry. Null before the first attempt (and in documents projected before it was kept).
 */
const lastAttemptStatus = (doc: MessageDoc) =>
  doc.attempts > 0 ? (doc.last_attempt_status ?? null) : null;

/** A message (an event sent to an endpoint, whatever its tries) as the API shows it. */
export const presentMessage = (doc: MessageDoc, unreadable?: Unreadable) => ({
  id: doc.event_id,
  object: doc.object,
  endpoint_id: doc.endpoint_id,
  event_id: doc.event_id,
  event_type: doc.event_type,
  status: doc.status,
  attempts: doc.attempts,
  last_attempt_at: doc.last_attempt_at,
  last_attempt_status: lastAttemptStatus(doc),
  next_attempt_at: doc.next_attempt_at,
  created_at: doc.created_at,
  ...unreadablePayload(unreadable),
});

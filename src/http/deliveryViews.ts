import type { AttemptDoc, MessageDoc } from '../../projections/deliveries.js';

/** An attempt as the API shows it. */
export const presentAttempt = (doc: AttemptDoc) => {
  const { merchant_id: _, ...attempt } = doc;
  return attempt;
};

/** A message (an event sent to an endpoint, whatever its tries) as the API shows it. */
export const presentMessage = (doc: MessageDoc) => ({
  id: doc.event_id,
  object: doc.object,
  endpoint_id: doc.endpoint_id,
  event_id: doc.event_id,
  event_type: doc.event_type,
  status: doc.status,
  attempts: doc.attempts,
  last_attempt_at: doc.last_attempt_at,
  next_attempt_at: doc.next_attempt_at,
  created_at: doc.created_at,
});

import type { AttemptErrorCode, AttemptOutcome } from '../../domain/deliveries/deliveryTypes.js';
import { causedBy } from '../../domain/shared/envelope.js';
import { claimKey } from '../delivery/dispatch.js';
import type { AttemptNeeds } from '../delivery/tryParts.js';
import { recordTry } from '../delivery/recordTry.js';
import { isTheTryDue, readDelivery } from '../delivery/tryParts.js';
import { HttpProblem } from '../http/problem.js';
import type { Services } from '../services.js';
import type { ListenedTry } from './listenedTry.js';

type Needs = AttemptNeeds & Pick<Services, 'claims'>;

/** What a listener says its local receiver did with a try. */
export type ListenerAnswer = {
  status_code: number | null;
  duration_ms: number;
  body: string | null;
  error: { code: AttemptErrorCode; message: string } | null;
};

const MAX_BODY = 4096;

const outcomeOf = (url: string, answer: ListenerAnswer): AttemptOutcome => {
  const code = answer.status_code;
  const succeeded = answer.error === null && code !== null && code >= 200 && code < 300;
  const error =
    answer.error ??
    (succeeded
      ? null
      : { code: 'http_status' as const, message: `The receiver answered ${code}.` });
  return {
    status: succeeded ? 'succeeded' : 'failed',
    url,
    response_status_code: code,
    response_body: answer.body === null ? null : answer.body.slice(0, MAX_BODY),
    error,
    duration_ms: Math.max(0, Math.round(answer.duration_ms)),
  };
};

/**
 * Records a listener's answer as the try's attempt, retried on the schedule like any: only from the
 * session that holds the try's claim, only for a delivery of the listening endpoint named, and only
 * while the try is still the one due.
 */
export const recordListenedTry = async (
  services: Needs,
  { due, session }: ListenedTry,
  { url, answer }: { url: string; answer: ListenerAnswer },
): Promise<void> => {
  // Re-entrant for its holder: anyone else, or a session whose claim lapsed and was taken, is refused.
  if (!(await services.claims.claim(claimKey(due), session, 1)))
    throw new HttpProblem('conflict', 'This try is no longer this listener’s to answer.');
  const delivery = await readDelivery(services, due.id);
  // The token is the service's own; the delivery's stream still has the last word on whose it is.
  const { state } = delivery;
  if (
    state.status === 'absent' ||
    state.ids.endpoint_id !== due.endpoint_id ||
    state.ids.event_id !== due.event_id
  )
    throw new HttpProblem('not_found', 'No such try was handed to this key’s listener.');
  if (!isTheTryDue(delivery, due))
    throw new HttpProblem('conflict', 'This try was answered already, or the delivery has ended.');
  await recordTry(
    services,
    due,
    { delivery, metadata: causedBy(delivery.last, 'sluice:listen') },
    { outcome: outcomeOf(url, answer), retryAfterMs: null },
  );
};

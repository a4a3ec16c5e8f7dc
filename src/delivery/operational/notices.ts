import type { DeliveryAttempted } from '../../../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import type { EndpointUpdated } from '../../../domain/webhooks/endpoint.js';
import type { Publication } from '../../events/publishEvent.js';
import { derivedEventId } from '../../processes/instanceNotices.js';
import type { OperationalType } from './operationalTypes.js';
import { isOperationalType } from './operationalTypes.js';

/** A message is failing from its 4th failed try in a row (Svix's threshold, which merchants know). */
export const FAILING_FROM = 4;

/**
 * An operational event caused by one event of the log. Its id derives from the cause, so that
 * publishing it again (a batch handled again after a crash) finds it published and adds nothing.
 */
const notice = (
  cause: RecordedEvent,
  type: OperationalType,
  merchantId: string,
  data: Record<string, unknown>,
): Publication => ({
  id: derivedEventId(cause.id, type),
  type,
  merchant_id: merchantId,
  data,
  channels: null,
});

/** What the operational events say of the try that caused them. */
const attemptData = (attempt: DeliveryAttempted['data']): Record<string, unknown> => ({
  endpoint_id: attempt.endpoint_id,
  event_id: attempt.event_id,
  event_type: attempt.event_type,
  attempt_count: attempt.attempt_number,
  ...(attempt.status === 'failed' &&
    attempt.error && {
      last_error: {
        code: attempt.error.code,
        message: attempt.error.message,
        response_status_code: attempt.response_status_code,
      },
    }),
});

/**
 * The operational events one try of a message stands for. The tries that count are those of an
 * open round (the attempt says how many failed in a row there): a try of a replaced round, or one
 * recorded after its round ended, tells nothing, nor does a try of an operational event itself.
 */
export const attemptNotices = (event: RecordedEvent<DeliveryAttempted>): Publication[] => {
  const attempt = event.data;
  const inARow = attempt.failures_in_a_row;
  if (attempt.superseded || inARow === undefined || isOperationalType(attempt.event_type))
    return [];
  const types: OperationalType[] = [];
  if (attempt.status === 'failed') {
    if (inARow === FAILING_FROM) types.push('message.attempt.failing');
    if (attempt.next_attempt_at === null) types.push('message.attempt.exhausted');
  } else if (inARow >= FAILING_FROM) {
    types.push('message.attempt.recovered');
  }
  return types.map((type) => notice(event, type, attempt.merchant_id, attemptData(attempt)));
};

/** How an update changed whether the endpoint is enabled, as the operational events tell it. */
export type EnabledChange =
  { kind: 'disabled'; reason: 'gone' | 'failing' } | { kind: 'enabled' } | null;

/**
 * Only the service's own disabling is told (a merchant who disables an endpoint knows it), and
 * every enabling of an endpoint that was disabled: an update changes `disabled` only when it was
 * otherwise.
 */
export const enabledChange = (event: RecordedEvent<EndpointUpdated>): EnabledChange => {
  const { changes } = event.data;
  if (changes.disabled === false) return { kind: 'enabled' };
  const reason = changes.disabled_reason;
  if (changes.disabled === true && (reason === 'gone' || reason === 'failing'))
    return { kind: 'disabled', reason };
  return null;
};

/** `webhook_endpoint.disabled` with the data it has always had, the endpoint's URL among them. */
export const disabledNotice = (
  event: RecordedEvent<EndpointUpdated>,
  reason: 'gone' | 'failing',
  url: string,
): Publication =>
  notice(event, 'webhook_endpoint.disabled', event.data.merchant_id, {
    endpoint_id: event.data.endpoint_id,
    url,
    reason,
    disabled_at: event.data.updated_at,
  });

export const enabledNotice = (event: RecordedEvent<EndpointUpdated>): Publication =>
  notice(event, 'webhook_endpoint.enabled', event.data.merchant_id, {
    endpoint_id: event.data.endpoint_id,
  });

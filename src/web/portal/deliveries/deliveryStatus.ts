import type { Schemas } from '../../shared/api';
import type { Tone } from '../../shared/components';

export type Message = Schemas['WebhookMessage'];
export type Attempt = Schemas['WebhookAttempt'];
export type MessageStatus = Message['status'];
export type AttemptStatus = Attempt['status'];

/** How a message's status reads: the word carries it, the colour only repeats it. */
export const MESSAGE_STATUS: Record<MessageStatus, { tone: Tone; label: string }> = {
  pending: { tone: 'info', label: 'Pending' },
  succeeded: { tone: 'success', label: 'Succeeded' },
  failed: { tone: 'danger', label: 'Failed' },
};

/** A pending message whose last try failed: still being tried, not yet given up. */
const RETRYING = { tone: 'warning', label: 'Retrying' } as const;

export const isRetrying = (message: Message): boolean =>
  message.status === 'pending' && message.last_attempt_status === 'failed';

/** How this message's state reads: "Retrying" for a pending one whose tries are failing. */
export const messageStatusOf = (message: Message): { tone: Tone; label: string } =>
  isRetrying(message) ? RETRYING : MESSAGE_STATUS[message.status];

/** Why the message's payload can no longer be read, and since when, if it cannot. */
export const payloadGone = (
  message: Message | undefined,
): { because: 'erased' | 'expired'; since: string | null } | undefined =>
  message?.erased
    ? { because: 'erased', since: message.erased_at ?? null }
    : message?.data_expired
      ? { because: 'expired', since: message.data_expired_at ?? null }
      : undefined;

export const ATTEMPT_STATUS: Record<AttemptStatus, { tone: Tone; label: string }> = {
  succeeded: { tone: 'success', label: 'Succeeded' },
  failed: { tone: 'danger', label: 'Failed' },
};

/** Why an attempt was made, as the merchant would say it. */
export const TRIGGER_LABEL: Record<Attempt['trigger'], string> = {
  initial: 'First try',
  retry: 'Retry',
  resend: 'Resent',
  replay: 'Replayed',
  test: 'Test',
};

const ERROR_LABEL: Record<NonNullable<Attempt['error']>['code'], string> = {
  timeout: 'Timed out',
  connection_refused: 'Connection refused',
  connection_reset: 'Connection reset',
  dns: 'Host not found',
  tls: 'TLS failed',
  http_status: 'Error status',
  url_blocked: 'URL blocked',
};

/** What the receiver answered, in a few words: its HTTP status, or why there was none. */
export const answerOf = (attempt: Attempt): string =>
  attempt.response_status_code !== null
    ? `HTTP ${attempt.response_status_code}`
    : attempt.error
      ? ERROR_LABEL[attempt.error.code]
      : 'No answer';

export const formatDuration = (ms: number): string =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

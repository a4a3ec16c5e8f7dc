import type { Schemas } from '../../shared/api';
import type { Tone } from '../../shared/components';

export type Message = Schemas['WebhookMessage'];
export type Attempt = Schemas['WebhookAttempt'];
export type MessageStatus = Message['status'];
export type AttemptStatus = Attempt['status'];

/** How a message's status reads: the word carries it, the colour only repeats it. */
export const MESSAGE_STATUS: Record<MessageStatus, { tone: Tone; label: string }> = {
  pending: { tone: 'warning', label: 'Pending' },
  succeeded: { tone: 'success', label: 'Succeeded' },
  failed: { tone: 'danger', label: 'Failed' },
};

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

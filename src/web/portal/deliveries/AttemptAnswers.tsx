import { Badge, CodeBlock } from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import type { Attempt } from './deliveryStatus';
import { ATTEMPT_STATUS, TRIGGER_LABEL, answerOf, formatDuration } from './deliveryStatus';

const Answer = ({ attempt, number }: { attempt: Attempt; number: number }) => {
  const status = ATTEMPT_STATUS[attempt.status];
  return (
    <li class="attempt-answer">
      <div class="attempt-answer-head">
        <span class="attempt-answer-number">Attempt {number}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
        <span class="attempt-answer-code">{answerOf(attempt)}</span>
        <span class="attempt-answer-meta">
          {formatDuration(attempt.duration_ms)} · {TRIGGER_LABEL[attempt.trigger]} ·{' '}
          {formatDateTime(attempt.created_at)}
        </span>
      </div>
      {attempt.error && <p class="attempt-answer-error">{attempt.error.message}</p>}
      {attempt.response_body ? (
        <CodeBlock label={`Response body of attempt ${number}`} value={attempt.response_body} />
      ) : (
        <p class="attempt-answer-empty">The response had no body.</p>
      )}
      {attempt.next_attempt_at && (
        <p class="attempt-answer-next">Next attempt {formatDateTime(attempt.next_attempt_at)}.</p>
      )}
    </li>
  );
};

/** Every answer the endpoint gave to one message, oldest first, as the receiver sent it. */
export const AttemptAnswers = ({ attempts }: { attempts: Attempt[] }) =>
  attempts.length === 0 ? (
    <p class="attempt-answer-empty">No attempt yet: the first one is on its way.</p>
  ) : (
    <ol class="attempt-answers">
      {attempts.map((attempt, i) => (
        <Answer key={attempt.id} attempt={attempt} number={i + 1} />
      ))}
    </ol>
  );

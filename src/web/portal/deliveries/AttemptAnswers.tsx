import { Badge, CodeBlock } from '../../shared/components';
import type { Attempt } from './deliveryStatus';
import { ATTEMPT_STATUS, TRIGGER_LABEL, answerOf, formatDuration } from './deliveryStatus';
import { Timestamp } from './Timestamp';

/**
 * The body the receiver answered with; or why there is none to show: it had none, or it is no
 * longer kept (erased with the merchant's data, or past the retention), which is not the same.
 */
const AnswerBody = ({ attempt, number }: { attempt: Attempt; number: number }) => {
  if (attempt.response_body)
    return <CodeBlock label={`Response body of attempt ${number}`} value={attempt.response_body} />;
  const why = attempt.response_body_erased
    ? 'The response body was erased with the merchant’s data.'
    : attempt.response_body_expired
      ? 'The response body is no longer kept: it expired with the retention period.'
      : 'The response had no body.';
  return <p class="attempt-answer-empty">{why}</p>;
};

const Answer = ({
  attempt,
  number,
  nextPlanned,
}: {
  attempt: Attempt;
  number: number;
  /** Whether the try this attempt planned after it still stands (abandoned, given up: not). */
  nextPlanned: boolean;
}) => {
  const status = ATTEMPT_STATUS[attempt.status];
  return (
    <li class="attempt-answer">
      <div class="attempt-answer-head">
        <span class="attempt-answer-number">Attempt {number}</span>
        <Badge tone={status.tone}>{status.label}</Badge>
        <span class="attempt-answer-code">{answerOf(attempt)}</span>
        <span class="attempt-answer-meta">
          {formatDuration(attempt.duration_ms)} · {TRIGGER_LABEL[attempt.trigger]} ·{' '}
          <Timestamp iso={attempt.created_at} />
        </span>
      </div>
      {attempt.error && <p class="attempt-answer-error">{attempt.error.message}</p>}
      <AnswerBody attempt={attempt} number={number} />
      {attempt.next_attempt_at && nextPlanned && (
        <p class="attempt-answer-next">
          Next attempt <Timestamp iso={attempt.next_attempt_at} />.
        </p>
      )}
    </li>
  );
};

/**
 * Every answer the endpoint gave to one message, oldest first, as the receiver sent it. The last
 * one's next try is shown only while the message still plans one (`nextAttemptAt`; undefined when
 * the message is not known, and the attempt is taken at its word).
 */
export const AttemptAnswers = ({
  attempts,
  nextAttemptAt,
}: {
  attempts: Attempt[];
  nextAttemptAt: string | null | undefined;
}) =>
  attempts.length === 0 ? (
    <p class="attempt-answer-empty">No attempt yet: the first one is on its way.</p>
  ) : (
    <ol class="attempt-answers">
      {attempts.map((attempt, i) => (
        <Answer
          key={attempt.id}
          attempt={attempt}
          number={i + 1}
          nextPlanned={i < attempts.length - 1 || nextAttemptAt !== null}
        />
      ))}
    </ol>
  );

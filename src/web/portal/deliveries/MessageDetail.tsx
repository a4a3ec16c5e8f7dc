import { useEffect, useRef } from 'preact/hooks';
import type { Schemas } from '../../shared/api';
import { Badge, CodeBlock, ErrorState, KeyValues, Loading } from '../../shared/components';
import { usePortal } from '../context';
import { AttemptAnswers } from './AttemptAnswers';
import { messageStatusOf } from './deliveryStatus';
import type { MessageDetailData } from './loadMessageDetail';
import { loadMessageDetail } from './loadMessageDetail';
import { messageHref } from './messageLink';
import { PayloadGone, payloadGoneOf } from './PayloadGone';
import { ResendAction } from './ResendAction';
import { Timestamp } from './Timestamp';
import { useLiveLoad } from './useLiveLoad';
import './messageDetail.css';

const Facts = ({ eventId, detail }: { eventId: string; detail: MessageDetailData }) => {
  const { message, event } = detail;
  const status = message && messageStatusOf(message);
  return (
    <KeyValues
      items={[
        ['Status', status ? <Badge tone={status.tone}>{status.label}</Badge> : 'Unknown'],
        ['Event ID', <code key="id">{eventId}</code>],
        ['Event type', event?.type ?? message?.event_type],
        ['Created', message && <Timestamp iso={message.created_at} />],
        ['Attempts', message?.attempts ?? detail.attempts.length],
        [
          'Next attempt',
          message?.next_attempt_at ? <Timestamp iso={message.next_attempt_at} /> : 'None planned',
        ],
      ]}
    />
  );
};

const Payload = ({ detail }: { detail: MessageDetailData }) => {
  const gone = payloadGoneOf(detail);
  if (gone) return <PayloadGone gone={gone} />;
  return detail.event ? (
    <CodeBlock label={`The data of ${detail.event.type}`} value={detail.event.data} />
  ) : (
    <p class="attempt-answer-empty">This event’s payload is no longer kept.</p>
  );
};

/**
 * One message: its state, the payload it carries, every answer the endpoint gave, newest last,
 * and, with the `send` capability, a way to send it again while its payload can be read.
 */
export const MessageDetail = ({
  endpoint,
  eventId,
  tick,
  onSent,
}: {
  endpoint: Schemas['WebhookEndpoint'];
  eventId: string;
  tick: number;
  onSent: () => void;
}) => {
  const { api, can } = usePortal();
  const detail = useLiveLoad(
    () => loadMessageDetail(api, endpoint.id, eventId),
    [endpoint.id, eventId],
    tick,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a message replaces the list the reader was in: take the keyboard to what opened.
  useEffect(() => heading.current?.focus(), [eventId]);
  return (
    <section class="card deliveries-section" aria-labelledby="message-detail-heading">
      <a class="message-back" href={messageHref(undefined)}>
        ← All messages
      </a>
      <div class="delivery-section-bar">
        <h3 id="message-detail-heading" tabIndex={-1} ref={heading}>
          Message <span class="mono message-heading-id">{eventId}</span>
        </h3>
      </div>
      {detail.state === 'loading' && <Loading label="Loading the message…" />}
      {detail.state === 'failed' && <ErrorState problem={detail.problem} />}
      {detail.state === 'ready' && (
        <>
          {/* A payload that is gone cannot be sent again (409 data_erased): no button for it. */}
          {can('send') && !payloadGoneOf(detail.data) && (
            <ResendAction endpointId={endpoint.id} eventId={eventId} onSent={onSent} />
          )}
          <Facts eventId={eventId} detail={detail.data} />
          <h4>Payload</h4>
          <Payload detail={detail.data} />
          <h4>Attempts</h4>
          <AttemptAnswers
            attempts={detail.data.attempts}
            nextAttemptAt={detail.data.message?.next_attempt_at}
          />
        </>
      )}
    </section>
  );
};

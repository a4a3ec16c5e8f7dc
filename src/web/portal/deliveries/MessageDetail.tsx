import { useEffect, useRef } from 'preact/hooks';
import type { Schemas } from '../../shared/api';
import { Badge, CodeBlock, ErrorState, KeyValues, Loading } from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import { usePortal } from '../context';
import { AttemptAnswers } from './AttemptAnswers';
import { MESSAGE_STATUS } from './deliveryStatus';
import type { MessageDetailData } from './loadMessageDetail';
import { loadMessageDetail } from './loadMessageDetail';
import { messageHref } from './messageLink';
import { ResendAction } from './ResendAction';
import { useLiveLoad } from './useLiveLoad';
import './messageDetail.css';

const Facts = ({ eventId, detail }: { eventId: string; detail: MessageDetailData }) => {
  const { message, event } = detail;
  const status = message && MESSAGE_STATUS[message.status];
  return (
    <KeyValues
      items={[
        ['Status', status ? <Badge tone={status.tone}>{status.label}</Badge> : 'Unknown'],
        ['Event ID', <code key="id">{eventId}</code>],
        ['Event type', event?.type ?? message?.event_type],
        ['Created', message && formatDateTime(message.created_at)],
        ['Attempts', message?.attempts ?? detail.attempts.length],
        [
          'Next attempt',
          message?.next_attempt_at ? formatDateTime(message.next_attempt_at) : 'None planned',
        ],
      ]}
    />
  );
};

const Payload = ({ event }: { event: MessageDetailData['event'] }) =>
  event ? (
    <CodeBlock label={`The data of ${event.type}`} value={event.data} />
  ) : (
    <p class="attempt-answer-empty">This event’s payload is no longer kept.</p>
  );

/**
 * One message: its state, the payload it carries, every answer the endpoint gave, newest last,
 * and, with the `send` capability, a way to send it again.
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
      {can('send') && <ResendAction endpointId={endpoint.id} eventId={eventId} onSent={onSent} />}
      {detail.state === 'loading' && <Loading label="Loading the message…" />}
      {detail.state === 'failed' && <ErrorState problem={detail.problem} />}
      {detail.state === 'ready' && (
        <>
          <Facts eventId={eventId} detail={detail.data} />
          <h4>Payload</h4>
          <Payload event={detail.data.event} />
          <h4>Attempts</h4>
          <AttemptAnswers attempts={detail.data.attempts} />
        </>
      )}
    </section>
  );
};

import type { ComponentChildren } from 'preact';
import { CodeBlock } from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import type { AuditEvent } from './auditLog';
import { causeHref, eventHref, logHref } from './auditLinks';
import './operations.css';
import './audit.css';

const Fact = ({ term, children }: { term: string; children: ComponentChildren }) => (
  <div>
    <dt>{term}</dt>
    <dd>{children}</dd>
  </div>
);

/**
 * One event of the log: what, when and where; who caused it and what it follows from, each a link
 * that narrows the log or opens the event named; and its data, folded away.
 */
export const AuditEventItem = ({ event }: { event: AuditEvent }) => {
  const { actor, causation_id: causation, correlation_id: correlation } = event.metadata;
  return (
    <li class="audit-event">
      <div class="audit-event-head">
        <a class="audit-event-type mono" href={eventHref(event)}>
          {event.type}
        </a>
        <span class="audit-event-when">
          <span class="mono">#{event.position}</span>
          <time dateTime={event.recorded_at}>{formatDateTime(event.recorded_at)}</time>
        </span>
      </div>
      <dl class="audit-event-facts">
        <Fact term="Event">
          <code>{event.id}</code>
        </Fact>
        <Fact term="Stream">
          <a class="mono" href={logHref({ stream: event.stream })}>
            {event.stream}
          </a>
        </Fact>
        <Fact term="Merchant">
          {event.merchant_id ? (
            <a class="mono" href={logHref({ merchant: event.merchant_id })}>
              {event.merchant_id}
            </a>
          ) : (
            '—'
          )}
        </Fact>
        <Fact term="Actor">{actor ? <code>{actor}</code> : '—'}</Fact>
        <Fact term="Caused by">
          {causation ? (
            <a
              class="mono"
              href={causeHref(event, causation)}
              aria-label={`Caused by ${causation}`}
            >
              {causation}
            </a>
          ) : (
            'A request'
          )}
        </Fact>
        <Fact term="Correlation">
          {correlation ? (
            <a
              class="mono"
              href={logHref({ correlation })}
              aria-label={`Correlation ${correlation}`}
            >
              {correlation}
            </a>
          ) : (
            '—'
          )}
        </Fact>
      </dl>
      <details class="unfold audit-event-data">
        <summary>Data</summary>
        <CodeBlock label={`Data of ${event.type} at #${event.position}`} value={event.data} />
      </details>
    </li>
  );
};

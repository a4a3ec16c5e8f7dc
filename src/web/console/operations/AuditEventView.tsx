import {
  CodeBlock,
  EmptyState,
  ErrorState,
  KeyValues,
  Loading,
  PageHeader,
} from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import type { AuditEvent, Whereabouts } from './auditLog';
import { correlationOf, findEvent } from './auditLog';
import { causeHref, eventHref, logHref } from './auditLinks';
import './operations.css';
import './audit.css';

const link = (href: string, text: string) => (
  <a class="mono" href={href}>
    {text}
  </a>
);

/** The events that name this one as their cause: read from its correlation, where they belong. */
const CausedEvents = ({ caused, complete }: { caused: AuditEvent[]; complete: boolean }) => (
  <section class="card panel" aria-labelledby="audit-caused">
    <h2 id="audit-caused">Events it caused</h2>
    {caused.length === 0 ? (
      <p class="panel-intro">
        {complete ? 'None.' : 'None among the events of its correlation read so far.'}
      </p>
    ) : (
      <ul class="caused-events">
        {caused.map((event) => (
          <li key={event.id}>
            <a class="mono" href={eventHref(event)}>
              {event.type}
            </a>{' '}
            <span class="cell-secondary">
              #{event.position} · {event.stream}
            </span>
          </li>
        ))}
      </ul>
    )}
  </section>
);

const Details = ({ event }: { event: AuditEvent }) => {
  const { metadata } = event;
  return (
    <KeyValues
      items={[
        ['Position', <span class="mono">#{event.position}</span>],
        ['Recorded', formatDateTime(event.recorded_at)],
        ['Stream', link(logHref({ stream: event.stream }), event.stream)],
        ['Revision', String(event.revision)],
        [
          'Merchant',
          event.merchant_id
            ? link(logHref({ merchant: event.merchant_id }), event.merchant_id)
            : '—',
        ],
        ['Actor', metadata.actor ? <code>{metadata.actor}</code> : '—'],
        ['Request', metadata.request_id ? <code>{metadata.request_id}</code> : '—'],
        [
          'Caused by',
          metadata.causation_id
            ? link(causeHref(event, metadata.causation_id), metadata.causation_id)
            : 'A request',
        ],
        [
          'Correlation',
          metadata.correlation_id
            ? link(logHref({ correlation: metadata.correlation_id }), metadata.correlation_id)
            : '—',
        ],
      ]}
    />
  );
};

const FoundEvent = ({
  event,
  caused,
  complete,
}: {
  event: AuditEvent;
  caused: AuditEvent[];
  complete: boolean;
}) => {
  const correlation = event.metadata.correlation_id;
  return (
    <>
      <PageHeader
        title={event.type}
        description={<code>{event.id}</code>}
        actions={
          correlation && (
            <a class="button" href={logHref({ correlation })}>
              Events of its correlation
            </a>
          )
        }
      />
      <section class="card panel" aria-label="What, when and why">
        <Details event={event} />
        <CodeBlock label="Data" value={event.data} />
      </section>
      <CausedEvents caused={caused} complete={complete} />
    </>
  );
};

/**
 * One event of the log, found by its id (see findEvent), with links to its cause, to the rest of
 * its correlation, and to the events it caused.
 */
export const AuditEventView = ({ eventId, where }: { eventId: string; where: Whereabouts }) => {
  const { api } = useConsole();
  const found = useLoad(async () => {
    const event = await findEvent(api, eventId, where);
    const correlation = event?.metadata.correlation_id;
    const chain = correlation
      ? await correlationOf(api, correlation)
      : { events: [], complete: true };
    const caused = chain.events.filter((e) => e.metadata.causation_id === eventId);
    return { event, caused, complete: chain.complete };
  });

  return (
    <>
      <a class="back-link" href={logHref({})}>
        ← Audit log
      </a>
      {found.state === 'loading' && <Loading label="Looking for the event in the log…" />}
      {found.state === 'failed' && <ErrorState problem={found.problem} onRetry={found.reload} />}
      {found.state === 'ready' && !found.data.event && (
        <>
          <PageHeader title="Event not found" />
          <div class="card">
            <EmptyState title={`No event ${eventId} was found`}>
              The search read as far into the log as it may. Narrow the log by its stream or
              correlation to find it.
            </EmptyState>
          </div>
        </>
      )}
      {found.state === 'ready' && found.data.event && (
        <FoundEvent
          event={found.data.event}
          caused={found.data.caused}
          complete={found.data.complete}
        />
      )}
    </>
  );
};

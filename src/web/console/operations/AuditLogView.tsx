import { useState } from 'preact/hooks';
import {
  Button,
  EmptyState,
  ErrorState,
  Loading,
  PageHeader,
  ProblemBanner,
} from '../../shared/components';
import { formatCount } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import { AuditEventItem } from './AuditEventItem';
import { AuditFilterForm } from './AuditFilterForm';
import { logHref } from './auditLinks';
import type { AuditEvent, AuditFilters, AuditPage, LogOrder } from './auditLog';
import { readLog } from './auditLog';
import './audit.css';

/** Pages read after the first, for the first page they follow. */
type Further = { after: AuditPage; events: AuditEvent[]; next: string | null; hasMore: boolean };

const FILTER_NAMES: Array<[keyof AuditFilters, string]> = [
  ['stream', 'stream'],
  ['type', 'type'],
  ['merchant', 'merchant'],
  ['correlation', 'correlation'],
];

const describe = (filters: AuditFilters): string => {
  const named = FILTER_NAMES.filter(([key]) => filters[key]).map(
    ([key, name]) => `${name} ${filters[key]}`,
  );
  return named.length === 0 ? 'The whole log' : `Events of ${named.join(', ')}`;
};

/** How to see the other end of the log: its latest events, or its start. */
const OtherEnd = ({ filters, order }: { filters: AuditFilters; order: LogOrder }) =>
  order === 'oldest' ? (
    <a class="button" href={logHref(filters, 'newest')}>
      Jump to latest
    </a>
  ) : (
    <a class="button" href={logHref(filters)}>
      Oldest first
    </a>
  );

/**
 * The log through the route's filters, read on page by page: from its start, oldest first, or,
 * once the operator jumps to the latest, from its end, newest first.
 */
export const AuditLogView = ({ filters, order }: { filters: AuditFilters; order: LogOrder }) => {
  const { api } = useConsole();
  // The page is mounted afresh for other filters (see AuditPage): the first page is read once.
  const first = useLoad(() => readLog(api, filters, undefined, undefined, order));
  const [further, setFurther] = useState<Further>();
  const page = first.state === 'ready' ? first.data : undefined;
  const current = further && further.after === page ? further : undefined;
  const events = page ? [...page.data, ...(current?.events ?? [])] : [];
  const hasMore = current ? current.hasMore : Boolean(page?.has_more);
  const newest = order === 'newest';

  const more = useAction(async () => {
    if (!page) return undefined;
    const from = current ? current.next : page.next_position;
    const next = await readLog(api, filters, from ?? undefined, undefined, order);
    setFurther({
      after: page,
      events: [...(current?.events ?? []), ...next.data],
      next: next.next_position,
      hasMore: next.has_more,
    });
    return next;
  });

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change recorded in the event log: who made it, and which request or event it follows from."
        actions={<OtherEnd filters={filters} order={order} />}
      />
      <AuditFilterForm filters={filters} order={order} />
      {first.state === 'loading' && <Loading />}
      {first.state === 'failed' && <ErrorState problem={first.problem} onRetry={first.reload} />}
      {page && (
        <section class="audit-results" aria-labelledby="audit-results-title">
          <h2 id="audit-results-title" class="audit-results-title">
            {describe(filters)}, {newest ? 'newest first' : 'oldest first'}
            <span>
              {formatCount(events.length)} {events.length === 1 ? 'event' : 'events'}
              {hasMore ? ' so far' : ''}
            </span>
          </h2>
          {events.length === 0 && !hasMore ? (
            <div class="card">
              <EmptyState title="No events">No event of the log matches these filters.</EmptyState>
            </div>
          ) : (
            <ol class="card audit-events" aria-label="Events">
              {events.map((event) => (
                <AuditEventItem key={event.id} event={event} />
              ))}
            </ol>
          )}
          {more.problem && <ProblemBanner problem={more.problem} />}
          <div class="load-more">
            {hasMore && (
              <Button onClick={() => void more.run()} busy={more.busy}>
                {events.length === 0 ? 'Search further' : newest ? 'Load older' : 'Load more'}
              </Button>
            )}
            {!newest && events.length > 0 && <OtherEnd filters={filters} order={order} />}
          </div>
        </section>
      )}
    </>
  );
};

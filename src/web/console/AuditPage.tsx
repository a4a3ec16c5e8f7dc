import { AuditEventView } from './operations/AuditEventView';
import { AuditLogView } from './operations/AuditLogView';
import { filtersOf, orderOf } from './operations/auditLog';
import { useHashQuery } from './operations/hashQuery';

/**
 * `audit` is the log, filtered by the fragment's query (`#/audit?stream=…&correlation=…`), from
 * its latest events with `order=newest`;
 * `audit/<event id>` is one event, the query carrying where to find it. Each view is keyed by what
 * it shows, so that another filter or event starts afresh rather than show the last one's events.
 */
export const AuditPage = ({ route }: { route: string }) => {
  const query = useHashQuery();
  const eventId = route.split('/')[1];
  const view = `${route}?${query.toString()}`;
  if (eventId)
    return (
      <AuditEventView
        key={view}
        eventId={decodeURIComponent(eventId)}
        where={{
          position: query.get('position') ?? undefined,
          correlation: query.get('correlation') ?? undefined,
          before: query.get('before') ?? undefined,
        }}
      />
    );
  return <AuditLogView key={view} filters={filtersOf(query)} order={orderOf(query)} />;
};

import { unwrap } from '../../shared/api';
import type { Column } from '../../shared/components';
import { Badge } from '../../shared/components';
import { usePortal } from '../context';
import type { Attempt, AttemptStatus } from './deliveryStatus';
import { ATTEMPT_STATUS, TRIGGER_LABEL, answerOf, formatDuration } from './deliveryStatus';
import { FilteredList } from './FilteredList';
import { messageHref } from './messageLink';
import { Timestamp } from './Timestamp';

type Filter = 'all' | AttemptStatus;

const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
];

const EMPTY: Record<Filter, string> = {
  all: 'No attempts yet',
  succeeded: 'No succeeded attempts',
  failed: 'No failed attempts',
};

const COLUMNS: Column<Attempt>[] = [
  { header: 'Time', cell: (a) => <Timestamp iso={a.created_at} /> },
  {
    header: 'Event',
    cell: (a) => (
      <>
        <a class="cell-primary" href={messageHref(a.event_id)}>
          {a.event_type}
        </a>
        <span class="cell-secondary mono">{a.event_id}</span>
      </>
    ),
  },
  {
    header: 'Outcome',
    cell: (a) => (
      <span class="attempt-outcome">
        <Badge tone={ATTEMPT_STATUS[a.status].tone}>{ATTEMPT_STATUS[a.status].label}</Badge>
        <span class="cell-secondary">{answerOf(a)}</span>
      </span>
    ),
  },
  { header: 'Trigger', wide: true, cell: (a) => TRIGGER_LABEL[a.trigger] },
  { header: 'Duration', numeric: true, wide: true, cell: (a) => formatDuration(a.duration_ms) },
];

/** Every try to deliver to the endpoint, newest first, with what the receiver answered. */
export const AttemptList = ({ endpointId, tick }: { endpointId: string; tick: number }) => {
  const { api } = usePortal();
  return (
    <FilteredList
      caption="Attempts"
      filterLabel="Attempt outcome"
      filters={FILTERS}
      empty={EMPTY}
      emptyHint="Each try to deliver a message appears here, with the answer it got."
      columns={COLUMNS}
      endpointId={endpointId}
      tick={tick}
      load={(filter, cursor) =>
        unwrap(
          api.GET('/v1/webhooks/{endpoint_id}/attempts', {
            params: {
              path: { endpoint_id: endpointId },
              query: { ...(filter !== 'all' && { status: filter }), ...(cursor && { cursor }) },
            },
          }),
        )
      }
    />
  );
};

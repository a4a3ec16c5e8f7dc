import { unwrap } from '../../shared/api';
import type { Column } from '../../shared/components';
import { Badge } from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import { usePortal } from '../context';
import type { Message, MessageStatus } from './deliveryStatus';
import { MESSAGE_STATUS } from './deliveryStatus';
import { FilteredList } from './FilteredList';
import { messageHref } from './messageLink';

type Filter = 'all' | MessageStatus;

const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
];

const EMPTY: Record<Filter, string> = {
  all: 'No messages yet',
  succeeded: 'No succeeded messages',
  failed: 'No failed messages',
  pending: 'No pending messages',
};

const COLUMNS: Column<Message>[] = [
  {
    header: 'Event',
    cell: (m) => (
      <>
        <a class="cell-primary" href={messageHref(m.event_id)}>
          {m.event_type}
        </a>
        <span class="cell-secondary mono">{m.event_id}</span>
      </>
    ),
  },
  {
    header: 'Status',
    cell: (m) => (
      <Badge tone={MESSAGE_STATUS[m.status].tone}>{MESSAGE_STATUS[m.status].label}</Badge>
    ),
  },
  { header: 'Attempts', numeric: true, wide: true, cell: (m) => m.attempts },
  {
    header: 'Last attempt',
    wide: true,
    cell: (m) => (m.last_attempt_at ? formatDateTime(m.last_attempt_at) : 'Not yet'),
  },
  {
    header: 'Next attempt',
    wide: true,
    cell: (m) => (m.next_attempt_at ? formatDateTime(m.next_attempt_at) : '—'),
  },
  { header: 'Created', wide: true, cell: (m) => formatDateTime(m.created_at) },
];

/** One row per event sent to the endpoint, newest first, by status; each opens its detail. */
export const MessageList = ({ endpointId, tick }: { endpointId: string; tick: number }) => {
  const { api } = usePortal();
  return (
    <FilteredList
      caption="Messages"
      filterLabel="Message status"
      filters={FILTERS}
      empty={EMPTY}
      emptyHint="Every event sent to this endpoint appears here, with each attempt to deliver it."
      columns={COLUMNS}
      endpointId={endpointId}
      tick={tick}
      load={(filter, cursor) =>
        unwrap(
          api.GET('/v1/webhooks/{endpoint_id}/messages', {
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

import { unwrap } from '../../shared/api';
import type { Column } from '../../shared/components';
import { Badge } from '../../shared/components';
import { usePortal } from '../context';
import type { Message, MessageStatus } from './deliveryStatus';
import { isRetrying, messageStatusOf, payloadGone } from './deliveryStatus';
import { FilteredList } from './FilteredList';
import { messageHref } from './messageLink';
import { Timestamp } from './Timestamp';

type Filter = 'all' | MessageStatus;

const FILTERS: ReadonlyArray<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending or retrying' },
];

const EMPTY: Record<Filter, string> = {
  all: 'No messages yet',
  succeeded: 'No succeeded messages',
  failed: 'No failed messages',
  pending: 'No message waiting for an attempt',
};

const Status = ({ message }: { message: Message }) => {
  const status = messageStatusOf(message);
  return (
    <>
      <Badge tone={status.tone}>{status.label}</Badge>
      {isRetrying(message) && message.next_attempt_at && (
        <span class="cell-secondary">
          Next try <Timestamp iso={message.next_attempt_at} />
        </span>
      )}
    </>
  );
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
        {payloadGone(m) && (
          <span class="cell-secondary">
            {payloadGone(m)?.because === 'erased' ? 'Payload erased' : 'Payload expired'}
          </span>
        )}
      </>
    ),
  },
  { header: 'Status', cell: (m) => <Status message={m} /> },
  { header: 'Attempts', numeric: true, wide: true, cell: (m) => m.attempts },
  {
    header: 'Last attempt',
    wide: true,
    cell: (m) => (m.last_attempt_at ? <Timestamp iso={m.last_attempt_at} /> : 'Not yet'),
  },
  {
    header: 'Next attempt',
    wide: true,
    cell: (m) => (m.next_attempt_at ? <Timestamp iso={m.next_attempt_at} /> : '—'),
  },
  { header: 'Created', wide: true, cell: (m) => <Timestamp iso={m.created_at} /> },
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

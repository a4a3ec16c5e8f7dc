import type { Schemas } from '../shared/api';
import { unwrap } from '../shared/api';
import type { Column } from '../shared/components';
import { EmptyState, ErrorState, Loading, PageHeader, Table } from '../shared/components';
import { useLoad } from '../shared/useLoad';
import { usePortal } from './context';

type EventType = Schemas['EventType'];

const COLUMNS: Column<EventType>[] = [
  { header: 'Event type', cell: (t) => <span class="cell-primary mono">{t.name}</span> },
  { header: 'Description', cell: (t) => t.description },
];

/** The events the platform sends, by type. */
export const EventCatalogPage = () => {
  const { api } = usePortal();
  const types = useLoad(() => unwrap(api.GET('/v1/event-types')));
  return (
    <>
      <PageHeader
        title="Event catalog"
        description="Every event type your endpoints can receive."
      />
      {types.state === 'loading' && <Loading />}
      {types.state === 'failed' && <ErrorState problem={types.problem} onRetry={types.reload} />}
      {types.state === 'ready' &&
        (types.data.data.length === 0 ? (
          <div class="card">
            <EmptyState title="No event types yet" />
          </div>
        ) : (
          <Table
            caption="Event types"
            hideCaption
            columns={COLUMNS}
            rows={types.data.data}
            rowKey={(t) => t.name}
          />
        ))}
    </>
  );
};

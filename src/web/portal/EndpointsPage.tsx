import type { Schemas } from '../shared/api';
import { unwrap } from '../shared/api';
import type { Column, Tone } from '../shared/components';
import { Badge, EmptyState, ErrorState, Loading, PageHeader, Table } from '../shared/components';
import { formatDateTime } from '../shared/format';
import { useLoad } from '../shared/useLoad';
import { usePortal } from './context';

type Endpoint = Schemas['WebhookEndpoint'];

const DISABLED_BECAUSE: Record<string, string> = {
  manual: 'Disabled',
  gone: 'Gone (410)',
  failing: 'Disabled: failing',
};

const status = (endpoint: Endpoint): { tone: Tone; label: string } =>
  endpoint.disabled
    ? {
        tone: endpoint.disabled_reason === 'manual' ? 'neutral' : 'danger',
        label: DISABLED_BECAUSE[endpoint.disabled_reason ?? 'manual'] ?? 'Disabled',
      }
    : { tone: 'success', label: 'Enabled' };

const COLUMNS: Column<Endpoint>[] = [
  {
    header: 'Endpoint',
    cell: (e) => (
      <>
        <span class="cell-primary">{e.url}</span>
        {e.description && <span class="cell-secondary">{e.description}</span>}
      </>
    ),
  },
  {
    header: 'Events',
    wide: true,
    cell: (e) => (e.filter_types ? e.filter_types.join(', ') : 'All event types'),
  },
  {
    header: 'Status',
    cell: (e) => {
      const { tone, label } = status(e);
      return <Badge tone={tone}>{label}</Badge>;
    },
  },
  { header: 'Created', wide: true, cell: (e) => formatDateTime(e.created_at) },
];

/** The merchant's webhook endpoints, and whether each one receives its events. */
export const EndpointsPage = () => {
  const { api } = usePortal();
  const endpoints = useLoad(() =>
    unwrap(api.GET('/v1/webhooks', { params: { query: { limit: 100 } } })),
  );
  return (
    <>
      <PageHeader
        title="Endpoints"
        description="The URLs that receive your webhooks, signed and retried until they answer."
      />
      {endpoints.state === 'loading' && <Loading />}
      {endpoints.state === 'failed' && (
        <ErrorState problem={endpoints.problem} onRetry={endpoints.reload} />
      )}
      {endpoints.state === 'ready' &&
        (endpoints.data.data.length === 0 ? (
          <div class="card">
            <EmptyState title="No endpoints yet">
              Add an endpoint to start receiving events at your URL.
            </EmptyState>
          </div>
        ) : (
          <Table
            caption="Endpoints"
            hideCaption
            columns={COLUMNS}
            rows={endpoints.data.data}
            rowKey={(e) => e.id}
          />
        ))}
    </>
  );
};

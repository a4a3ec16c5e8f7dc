import type { Schemas } from '../shared/api';
import { unwrap } from '../shared/api';
import type { Column } from '../shared/components';
import { Badge, EmptyState, ErrorState, Loading, PageHeader, Table } from '../shared/components';
import { formatDateTime } from '../shared/format';
import { hrefOf } from '../shared/router';
import { useLoad } from '../shared/useLoad';
import { usePortal } from './context';
import {
  endpointRoute,
  endpointStatus,
  needsAttention,
  NEW_ENDPOINT,
} from './endpoint/endpointStatus';
import './endpoint/endpoint.css';

type Endpoint = Schemas['WebhookEndpoint'];

const COLUMNS: Column<Endpoint>[] = [
  {
    header: 'Endpoint',
    cell: (e) => (
      <>
        <a class="cell-primary cell-link" href={hrefOf(endpointRoute(e.id))}>
          {e.url}
        </a>
        {e.description && <span class="cell-secondary">{e.description}</span>}
      </>
    ),
  },
  {
    header: 'Events',
    wide: true,
    cell: (e) => (
      <span class="type-list">
        {e.filter_types ? e.filter_types.join(', ') : 'All event types'}
      </span>
    ),
  },
  {
    header: 'Status',
    cell: (e) => {
      const { tone, label } = endpointStatus(e);
      return <Badge tone={tone}>{label}</Badge>;
    },
  },
  { header: 'Created', wide: true, cell: (e) => formatDateTime(e.created_at) },
];

const AddEndpoint = () => (
  <a class="button button-primary" href={hrefOf(`endpoints/${NEW_ENDPOINT}`)}>
    Add endpoint
  </a>
);

/** How many endpoints the service stopped delivering to, said where the merchant looks first. */
const Attention = ({ endpoints }: { endpoints: Endpoint[] }) => {
  const stopped = endpoints.filter(needsAttention).length;
  if (stopped === 0) return null;
  return (
    <p class="notice notice-danger">
      <strong>
        {stopped === 1 ? '1 endpoint no longer receives' : `${stopped} endpoints no longer receive`}{' '}
        events.
      </strong>{' '}
      The service disabled {stopped === 1 ? 'it' : 'them'} after failing deliveries or a 410 Gone
      answer. Open {stopped === 1 ? 'it' : 'each'} to see why and enable it again.
    </p>
  );
};

/** The merchant's webhook endpoints, and whether each one receives its events. */
export const EndpointsPage = () => {
  const { api, can } = usePortal();
  const endpoints = useLoad(() =>
    unwrap(api.GET('/v1/webhooks', { params: { query: { limit: 100 } } })),
  );
  const canAdd = can('manage_endpoints');
  // An empty list offers the button in its middle instead.
  const listed = endpoints.state === 'ready' && endpoints.data.data.length > 0;
  return (
    <>
      <PageHeader
        title="Endpoints"
        description="The URLs that receive your webhooks, signed and retried until they answer."
        actions={canAdd && listed && <AddEndpoint />}
      />
      {endpoints.state === 'loading' && <Loading />}
      {endpoints.state === 'failed' && (
        <ErrorState problem={endpoints.problem} onRetry={endpoints.reload} />
      )}
      {endpoints.state === 'ready' &&
        (endpoints.data.data.length === 0 ? (
          <div class="card">
            <EmptyState title="No endpoints yet" actions={canAdd && <AddEndpoint />}>
              {canAdd
                ? 'Add an endpoint to start receiving events at your URL.'
                : 'Endpoints added for your account appear here.'}
            </EmptyState>
          </div>
        ) : (
          <>
            <Attention endpoints={endpoints.data.data} />
            <Table
              caption="Endpoints"
              hideCaption
              columns={COLUMNS}
              rows={endpoints.data.data}
              rowKey={(e) => e.id}
            />
            {endpoints.data.has_more && (
              <p class="muted list-note">Showing your 100 newest endpoints.</p>
            )}
          </>
        ))}
    </>
  );
};

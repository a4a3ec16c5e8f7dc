import { EmptyState, PageHeader } from '../../shared/components';

/** One endpoint: its deliveries, its settings and its secret. */
export const EndpointDetailPage = ({ endpointId }: { endpointId: string }) => (
  <>
    <PageHeader title="Endpoint" />
    <div class="card">
      <EmptyState title={endpointId}>This endpoint's page is being built.</EmptyState>
    </div>
  </>
);

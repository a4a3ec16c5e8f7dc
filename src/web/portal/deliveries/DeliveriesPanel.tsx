import type { Schemas } from '../../shared/api';
import { EmptyState } from '../../shared/components';

/** An endpoint's deliveries: their chart, messages and attempts, and sending again. */
export const DeliveriesPanel = ({ endpoint }: { endpoint: Schemas['WebhookEndpoint'] }) => (
  <div class="card">
    <EmptyState title="Deliveries">The deliveries to {endpoint.url} appear here.</EmptyState>
  </div>
);

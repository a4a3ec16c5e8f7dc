import type { Api } from '../../shared/api';
import { Badge, KeyValues } from '../../shared/components';
import { formatCount, formatDateTime } from '../../shared/format';
import { DeliveryBars } from './DeliveryBars';
import type { EndpointStanding } from './merchantDirectory';
import { ReplayForm } from './ReplayForm';
import './merchants.css';

/** The endpoint's messages by status now. */
const MessageCounts = ({
  messages,
}: {
  messages: { pending: number; succeeded: number; failed: number };
}) => (
  <dl class="message-counts" aria-label="Messages">
    <div>
      <dt>Pending</dt>
      <dd>{formatCount(messages.pending)}</dd>
    </div>
    <div>
      <dt>Delivered</dt>
      <dd>{formatCount(messages.succeeded)}</dd>
    </div>
    <div class={messages.failed > 0 ? 'message-count-failed' : undefined}>
      <dt>Failed</dt>
      <dd>{formatCount(messages.failed)}</dd>
    </div>
  </dl>
);

/** One endpoint of a merchant: how it fares, its last day of deliveries, and a replay. */
export const EndpointPanel = ({ api, standing }: { api: Api; standing: EndpointStanding }) => {
  const { endpoint, stats, health } = standing;
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <section class="card endpoint-panel" aria-labelledby={headingId}>
      <header class="endpoint-panel-head">
        <div>
          <h2 id={headingId} class="mono">
            {endpoint.url}
          </h2>
          <p>{endpoint.description || 'No description'}</p>
        </div>
        <div class="endpoint-panel-health">
          <Badge tone={health.tone}>{health.label}</Badge>
          <span class="cell-secondary">{health.detail}</span>
        </div>
      </header>
      <KeyValues
        items={[
          ['Endpoint', <code>{endpoint.id}</code>],
          ['Event types', endpoint.filter_types ? endpoint.filter_types.join(', ') : 'All'],
          ['Created', formatDateTime(endpoint.created_at)],
          ['Ordering', endpoint.ordering === 'fifo' ? 'First in, first out' : 'Unordered'],
        ]}
      />
      {stats ? (
        <div class="endpoint-panel-stats">
          <MessageCounts messages={stats.messages} />
          <DeliveryBars stats={stats} />
        </div>
      ) : (
        <p class="page-note">Its delivery statistics could not be read.</p>
      )}
      <ReplayForm api={api} endpoint={endpoint} />
    </section>
  );
};

import { useCallback } from 'preact/hooks';
import { unwrap } from '../../shared/api';
import { Badge, Button, ProblemBanner } from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { usePortal } from '../context';
import { BackToEndpoints } from './BackToEndpoints';
import type { Endpoint } from './endpointStatus';
import { attentionText, endpointStatus, needsAttention } from './endpointStatus';

const typesText = (endpoint: Endpoint) =>
  endpoint.filter_types === null
    ? 'All event types'
    : `${endpoint.filter_types.length} event type${endpoint.filter_types.length === 1 ? '' : 's'}`;

/** The endpoint at a glance: where it is, whether it receives events, and turning it on or off. */
export const EndpointHeader = ({
  endpoint,
  onChanged,
}: {
  endpoint: Endpoint;
  onChanged: (endpoint: Endpoint) => void;
}) => {
  const { api, can } = usePortal();
  const toggle = useAction(
    useCallback(
      (disabled: boolean) =>
        unwrap(
          api.POST('/v1/webhooks/{endpoint_id}', {
            params: { path: { endpoint_id: endpoint.id } },
            body: { disabled },
          }),
        ),
      [api, endpoint.id],
    ),
  );
  const flip = async () => {
    const updated = await toggle.run(!endpoint.disabled);
    if (updated) onChanged(updated);
  };
  const status = endpointStatus(endpoint);
  return (
    <div class="endpoint-header">
      <BackToEndpoints />
      <div class="endpoint-title-row">
        <div class="endpoint-title-block">
          <div class="endpoint-title">
            <h1 class="endpoint-url">{endpoint.url}</h1>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
          {endpoint.description && <p class="endpoint-description">{endpoint.description}</p>}
        </div>
        {can('manage_endpoints') && (
          <Button
            variant={endpoint.disabled ? 'primary' : 'secondary'}
            busy={toggle.busy}
            onClick={() => void flip()}
          >
            {endpoint.disabled ? 'Enable endpoint' : 'Disable endpoint'}
          </Button>
        )}
      </div>
      <dl class="endpoint-facts">
        <div>
          <dt>ID</dt>
          <dd class="mono">{endpoint.id}</dd>
        </div>
        <div>
          <dt>Receives</dt>
          <dd>{typesText(endpoint)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(endpoint.created_at)}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>{formatDateTime(endpoint.updated_at)}</dd>
        </div>
      </dl>
      {needsAttention(endpoint) && (
        <p class="notice notice-danger">
          <strong>The service stopped delivering to this endpoint.</strong>{' '}
          {attentionText(endpoint)}
        </p>
      )}
      {toggle.problem && <ProblemBanner problem={toggle.problem} />}
    </div>
  );
};

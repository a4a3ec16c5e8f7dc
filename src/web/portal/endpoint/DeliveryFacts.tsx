import { unwrap } from '../../shared/api';
import { useLoad } from '../../shared/useLoad';
import { usePortal } from '../context';

/** A span of seconds as people say it: 30 s, 5 min, 2 h, 1 d. */
const span = (seconds: number): string => {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 360) / 10} h`;
  return `${Math.round(seconds / 8640) / 10} d`;
};

/**
 * What a receiver must do, from the service's own configuration (GET /v1/config): answer in
 * time, expect retries, verify signatures. Shown beside the form that adds an endpoint.
 */
export const DeliveryFacts = () => {
  const { api } = usePortal();
  const config = useLoad(() => unwrap(api.GET('/v1/config')));
  if (config.state !== 'ready') return null;
  const { webhooks } = config.data;
  const retries = webhooks.retry_schedule_s;
  const total = retries.reduce((sum, s) => sum + s, 0);
  return (
    <div class="card panel facts">
      <h2>How delivery works</h2>
      <ul class="facts-list">
        <li>
          <strong>Answer with a 2xx</strong> within {span(webhooks.attempt_timeout_ms / 1000)}. Do
          the work after answering.
        </li>
        <li>
          <strong>
            Retried {retries.length} time{retries.length === 1 ? '' : 's'}
          </strong>{' '}
          over {span(total)} when it does not: after {retries.map(span).join(', ')}.
        </li>
        <li>
          <strong>Signed</strong> with the endpoint’s secret (Standard Webhooks). Refuse requests
          whose timestamp is more than {span(webhooks.timestamp_tolerance_s)} off.
        </li>
        <li>
          <strong>At least once:</strong> the same <code>webhook-id</code> may arrive twice.
        </li>
      </ul>
    </div>
  );
};

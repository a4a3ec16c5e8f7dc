import { useState } from 'preact/hooks';
import { Button, EmptyState, ErrorState, Loading, PageHeader } from '../../shared/components';
import { formatCount } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import { EndpointPanel } from './EndpointPanel';
import { hrefWithQuery } from './hashQuery';
import { allEndpoints, byHealth, standingsOf } from './merchantDirectory';
import { PortalLinkForm } from './PortalLinkForm';
import './operations.css';
import './merchants.css';

/**
 * One merchant: its endpoints, the ones disabled by Sluice or failing first, each with its last
 * day of deliveries and a replay of a window; and a portal link made for it.
 */
export const MerchantPage = ({ merchantId }: { merchantId: string }) => {
  const { api } = useConsole();
  const [linking, setLinking] = useState(false);
  const endpoints = useLoad(async () => {
    const { endpoints: found, complete } = await allEndpoints(api, merchantId);
    return { standings: (await standingsOf(api, found)).sort(byHealth), complete };
  }, [merchantId]);
  const troubled =
    endpoints.state === 'ready' ? endpoints.data.standings.filter((s) => s.health.troubled) : [];

  const count = endpoints.state === 'ready' ? endpoints.data.standings.length : 0;
  return (
    <div class="merchant-page">
      <a class="back-link" href={hrefOf('merchants')}>
        ← Merchants
      </a>
      <PageHeader
        title={merchantId}
        description={
          endpoints.state === 'ready'
            ? `${formatCount(count)} webhook ${count === 1 ? 'endpoint' : 'endpoints'}, ${formatCount(troubled.length)} needing attention.`
            : 'Its webhook endpoints and their deliveries.'
        }
        actions={
          <div class="header-actions">
            <a class="button" href={hrefWithQuery('audit', { merchant: merchantId })}>
              Audit log
            </a>
            <Button variant="primary" aria-expanded={linking} onClick={() => setLinking(!linking)}>
              Create portal link
            </Button>
          </div>
        }
      />
      {linking && (
        <section class="card panel" aria-labelledby="merchant-portal-link">
          <h2 id="merchant-portal-link">Portal link for {merchantId}</h2>
          <PortalLinkForm api={api} merchantId={merchantId} />
        </section>
      )}
      {endpoints.state === 'loading' && <Loading label="Reading endpoints and their deliveries…" />}
      {endpoints.state === 'failed' && (
        <ErrorState problem={endpoints.problem} onRetry={endpoints.reload} />
      )}
      {endpoints.state === 'ready' &&
        (endpoints.data.standings.length === 0 ? (
          <div class="card">
            <EmptyState title="No endpoints">
              This merchant has no webhook endpoints, or none that this key may see.
            </EmptyState>
          </div>
        ) : (
          <div class="endpoint-panels">
            {endpoints.data.standings.map((standing) => (
              <EndpointPanel key={standing.endpoint.id} api={api} standing={standing} />
            ))}
          </div>
        ))}
    </div>
  );
};

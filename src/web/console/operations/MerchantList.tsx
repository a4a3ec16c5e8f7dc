import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  Loading,
  PageHeader,
} from '../../shared/components';
import { formatCount } from '../../shared/format';
import { hrefOf } from '../../shared/router';
import { useLoad } from '../../shared/useLoad';
import { useConsole } from '../context';
import { ErasedMerchants } from './ErasedMerchants';
import type { Merchant } from './merchantDirectory';
import { allEndpoints, merchantsOf, standingsOf } from './merchantDirectory';
import './operations.css';
import './merchants.css';

const troubledIn = (merchant: Merchant) => merchant.endpoints.filter((s) => s.health.troubled);

/** One merchant and its endpoints, the ones that need attention first. */
const MerchantCard = ({ merchant }: { merchant: Merchant }) => {
  const troubled = troubledIn(merchant).length;
  const headingId = `merchant-${merchant.id}`;
  return (
    <section class="card merchant-card" aria-labelledby={headingId}>
      <header class="merchant-card-head">
        <h2 id={headingId}>
          <a class="mono" href={hrefOf(`merchants/${merchant.id}`)}>
            {merchant.id}
          </a>
        </h2>
        <span class="merchant-card-summary">
          {formatCount(merchant.endpoints.length)}{' '}
          {merchant.endpoints.length === 1 ? 'endpoint' : 'endpoints'}
          <Badge tone={troubled > 0 ? 'danger' : 'success'}>
            {troubled === 0
              ? 'All fine'
              : `${formatCount(troubled)} ${troubled === 1 ? 'needs' : 'need'} attention`}
          </Badge>
        </span>
      </header>
      <ul class="endpoint-rows">
        {merchant.endpoints.map(({ endpoint, health }) => (
          <li key={endpoint.id} class="endpoint-row">
            <div class="endpoint-row-main">
              <span class="cell-primary mono">{endpoint.url}</span>
              <span class="cell-secondary">{endpoint.description || endpoint.id}</span>
            </div>
            <div class="endpoint-row-health">
              <Badge tone={health.tone}>{health.label}</Badge>
              <span class="cell-secondary">{health.detail}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};

/** The counts an operator scans first. */
const Summary = ({ merchants }: { merchants: Merchant[] }) => {
  const standings = merchants.flatMap((m) => m.endpoints);
  const count = (rank: number) => standings.filter((s) => s.health.rank === rank).length;
  const tiles: Array<[string, number]> = [
    ['Merchants', merchants.length],
    ['Endpoints', standings.length],
    ['Disabled by Sluice', count(0)],
    ['Failing now', count(1)],
  ];
  return (
    <dl class="summary-tiles">
      {tiles.map(([term, value]) => (
        <div key={term} class="card">
          <dt>{term}</dt>
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
};

/**
 * Every merchant that has webhook endpoints, built from the endpoints the key sees: the merchants
 * whose endpoints were disabled by Sluice or fail now come first, and so do those endpoints.
 */
export const MerchantList = () => {
  const { api } = useConsole();
  const directory = useLoad(async () => {
    const { endpoints, complete } = await allEndpoints(api);
    // A disabled endpoint's health needs no statistics: they are read for the enabled ones.
    const standings = await standingsOf(api, endpoints, (endpoint) => !endpoint.disabled);
    return { merchants: merchantsOf(standings), complete };
  });
  return (
    <>
      <PageHeader
        title="Merchants"
        description="Every merchant with webhook endpoints. Endpoints disabled by Sluice or failing now come first."
        actions={
          <Button onClick={directory.reload} busy={directory.state === 'loading'}>
            Refresh
          </Button>
        }
      />
      {directory.state === 'loading' && <Loading label="Reading endpoints and their deliveries…" />}
      {directory.state === 'failed' && (
        <ErrorState problem={directory.problem} onRetry={directory.reload} />
      )}
      {directory.state === 'ready' && (
        <>
          <Summary merchants={directory.data.merchants} />
          {!directory.data.complete && (
            <p class="page-note">Only the first 5,000 endpoints are shown.</p>
          )}
          {directory.data.merchants.length === 0 ? (
            <div class="card">
              <EmptyState title="No merchants yet">
                A merchant is listed here once it has a webhook endpoint.
              </EmptyState>
            </div>
          ) : (
            <div class="merchant-cards">
              {directory.data.merchants.map((merchant) => (
                <MerchantCard key={merchant.id} merchant={merchant} />
              ))}
            </div>
          )}
        </>
      )}
      <ErasedMerchants />
    </>
  );
};

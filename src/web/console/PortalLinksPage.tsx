import { PageHeader } from '../shared/components';
import { useConsole } from './context';
import { ExpireSessionsForm } from './operations/ExpireSessionsForm';
import { useHashQuery } from './operations/hashQuery';
import { PortalLinkForm } from './operations/PortalLinkForm';
import './operations/operations.css';

/**
 * Handing a merchant the portal: a single-use link with the capabilities chosen, and ending every
 * session of a merchant. `#/portal-links?merchant=…` starts with that merchant filled in.
 */
export const PortalLinksPage = () => {
  const { api } = useConsole();
  const merchant = useHashQuery().get('merchant') ?? '';
  return (
    <>
      <PageHeader
        title="Portal links"
        description="Sign-in links to the merchant portal, each for one merchant, used once and valid for a limited time."
      />
      <div class="panel-grid">
        <section class="card panel" aria-labelledby="portal-link-create">
          <h2 id="portal-link-create">Create a link</h2>
          <PortalLinkForm key={merchant} api={api} initialMerchant={merchant} />
        </section>
        <section class="card panel" aria-labelledby="portal-link-expire">
          <h2 id="portal-link-expire">End every session</h2>
          <p class="panel-intro">
            When a link reached the wrong person, or someone left the merchant&rsquo;s team.
          </p>
          <ExpireSessionsForm key={merchant} api={api} initialMerchant={merchant} />
        </section>
      </div>
    </>
  );
};

import { useState } from 'preact/hooks';
import { unwrap } from '../../shared/api';
import { ErrorState, Loading } from '../../shared/components';
import { hrefOf } from '../../shared/router';
import { useLoad } from '../../shared/useLoad';
import { usePortal } from '../context';
import { DeliveriesPanel } from '../deliveries/DeliveriesPanel';
import { takeCreated } from './createdEndpoints';
import { CreateEndpointPage } from './CreateEndpointPage';
import { BackToEndpoints } from './BackToEndpoints';
import { EndpointHeader } from './EndpointHeader';
import type { Endpoint } from './endpointStatus';
import { NEW_ENDPOINT } from './endpointStatus';
import { SecretPanel } from './SecretPanel';
import { SettingsPanel } from './SettingsPanel';
import type { Tab } from './Tabs';
import { Tabs } from './Tabs';
import './endpoint.css';

type Section = 'deliveries' | 'settings' | 'secret';

const SECTIONS: Tab<Section>[] = [
  { id: 'deliveries', label: 'Deliveries' },
  { id: 'settings', label: 'Settings' },
  { id: 'secret', label: 'Secret' },
];

/** What a merchant sees for an id that is not theirs, or no longer exists: the same, on purpose. */
const NotFound = ({ endpointId }: { endpointId: string }) => (
  <>
    <BackToEndpoints />
    <div class="card state not-found">
      <div class="state-icon" aria-hidden="true">
        ?
      </div>
      <h1>Endpoint not found</h1>
      <p>
        There is no endpoint <code>{endpointId}</code> in your account. It may have been deleted, or
        the link may be wrong.
      </p>
      <div class="state-actions">
        <a class="button button-primary" href={hrefOf('endpoints')}>
          See your endpoints
        </a>
      </div>
    </div>
  </>
);

/** One endpoint, its header and its sections; an endpoint just created opens on its secret. */
const EndpointView = ({ loaded, justCreated }: { loaded: Endpoint; justCreated: boolean }) => {
  const [endpoint, setEndpoint] = useState(loaded);
  const [section, setSection] = useState<Section>(justCreated ? 'secret' : 'deliveries');
  // The secret is offered unasked only the first time the secret section shows.
  const [greeting, setGreeting] = useState(justCreated);
  const open = (next: Section) => {
    setSection(next);
    setGreeting(false);
  };
  return (
    <>
      <EndpointHeader endpoint={endpoint} onChanged={setEndpoint} />
      <Tabs label="Endpoint sections" tabs={SECTIONS} selected={section} onSelect={open}>
        {section === 'deliveries' && <DeliveriesPanel endpoint={endpoint} />}
        {section === 'settings' && <SettingsPanel endpoint={endpoint} onSaved={setEndpoint} />}
        {section === 'secret' && <SecretPanel endpoint={endpoint} justCreated={greeting} />}
      </Tabs>
    </>
  );
};

const EndpointPage = ({ endpointId }: { endpointId: string }) => {
  const { api } = usePortal();
  const [justCreated] = useState(() => takeCreated(endpointId));
  const endpoint = useLoad(() =>
    unwrap(
      api.GET('/v1/webhooks/{endpoint_id}', { params: { path: { endpoint_id: endpointId } } }),
    ),
  );
  if (endpoint.state === 'loading') return <Loading label="Loading the endpoint…" />;
  if (endpoint.state === 'failed')
    // An id that is not an endpoint's shape is refused before any lookup: not found all the same.
    return endpoint.problem.status === 404 || !endpointId.startsWith('we_') ? (
      <NotFound endpointId={endpointId} />
    ) : (
      <>
        <BackToEndpoints />
        <ErrorState problem={endpoint.problem} onRetry={endpoint.reload} />
      </>
    );
  return <EndpointView loaded={endpoint.data} justCreated={justCreated} />;
};

/** `#/endpoints/new` adds an endpoint; `#/endpoints/<id>` is that endpoint's page. */
export const EndpointDetailPage = ({ endpointId }: { endpointId: string }) =>
  endpointId === NEW_ENDPOINT ? (
    <CreateEndpointPage />
  ) : (
    <EndpointPage key={endpointId} endpointId={endpointId} />
  );

import { useCallback, useState } from 'preact/hooks';
import type { Problem } from '../../shared/api';
import { unwrap } from '../../shared/api';
import {
  Button,
  EmptyState,
  ErrorState,
  Loading,
  PageHeader,
  ProblemBanner,
} from '../../shared/components';
import { hrefOf } from '../../shared/router';
import { useAction } from '../../shared/useAction';
import { useLoad } from '../../shared/useLoad';
import { usePortal } from '../context';
import { BackToEndpoints } from './BackToEndpoints';
import { markCreated } from './createdEndpoints';
import { DeliveryFacts } from './DeliveryFacts';
import type { EndpointDraft } from './endpointDraft';
import { basicsBody, emptyDraft, faultOf, formProblem, localFaults } from './endpointDraft';
import { AddressFields, DeliveryFields } from './EndpointFields';
import { endpointRoute } from './endpointStatus';
import type { EventType } from './eventTypeGroups';
import { EventTypePicker } from './EventTypePicker';
import './endpoint.css';

/** The form: where the endpoint is, which events it receives, and how they are delivered. */
const CreateForm = ({ catalog }: { catalog: readonly EventType[] }) => {
  const { api } = usePortal();
  const [draft, setDraft] = useState<EndpointDraft>(emptyDraft);
  const [checked, setChecked] = useState<Problem>();
  const onDraft = (change: Partial<EndpointDraft>) => setDraft((d) => ({ ...d, ...change }));
  const create = useAction(
    useCallback(
      (body: ReturnType<typeof basicsBody>) => unwrap(api.POST('/v1/webhooks', { body })),
      [api],
    ),
  );
  const submit = async (event: Event) => {
    event.preventDefault();
    const faults = localFaults(draft);
    setChecked(faults.length > 0 ? formProblem(faults) : undefined);
    if (faults.length > 0) return;
    const created = await create.run(basicsBody(draft));
    if (!created) return;
    markCreated(created.id);
    window.location.hash = hrefOf(endpointRoute(created.id));
  };
  const problem = checked ?? create.problem;
  const fields = { draft, onDraft, problem };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <section class="card form-section" aria-labelledby="create-where">
        <h2 id="create-where">Endpoint</h2>
        <AddressFields {...fields} />
      </section>
      <section class="card form-section" aria-labelledby="create-what">
        <h2 id="create-what">Events</h2>
        <EventTypePicker
          catalog={catalog}
          choice={{ allTypes: draft.allTypes, types: draft.types }}
          error={faultOf(problem, 'filter_types')}
          onChange={(choice) => onDraft(choice)}
        />
      </section>
      <section class="card form-section" aria-labelledby="create-how">
        <h2 id="create-how">Delivery</h2>
        <DeliveryFields {...fields} />
      </section>
      {problem && <ProblemBanner problem={problem} />}
      <div class="form-actions">
        <Button type="submit" variant="primary" busy={create.busy}>
          {create.busy ? 'Creating…' : 'Create endpoint'}
        </Button>
        <a class="button button-ghost" href={hrefOf('endpoints')}>
          Cancel
        </a>
      </div>
    </form>
  );
};

/** Adding an endpoint: its signing secret is shown on its page right after. */
export const CreateEndpointPage = () => {
  const { api, can } = usePortal();
  const catalog = useLoad(() => unwrap(api.GET('/v1/event-types')));
  const header = (
    <>
      <BackToEndpoints />
      <PageHeader
        title="Add endpoint"
        description="Events are sent to it as signed POST requests and retried until it answers with a 2xx."
      />
    </>
  );
  if (!can('manage_endpoints'))
    return (
      <>
        {header}
        <div class="card">
          <EmptyState title="You cannot add endpoints">
            This portal link lets you view endpoints, not add them. Ask your platform for a link
            that can manage endpoints.
          </EmptyState>
        </div>
      </>
    );
  return (
    <>
      {header}
      {catalog.state === 'loading' && <Loading label="Loading the event catalog…" />}
      {catalog.state === 'failed' && (
        <ErrorState problem={catalog.problem} onRetry={catalog.reload} />
      )}
      {catalog.state === 'ready' && (
        <div class="form-layout">
          <CreateForm catalog={catalog.data.data} />
          <div class="form-rail">
            <DeliveryFacts />
          </div>
        </div>
      )}
    </>
  );
};

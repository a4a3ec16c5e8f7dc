import { useCallback, useState } from 'preact/hooks';
import type { Problem } from '../../shared/api';
import { unwrap } from '../../shared/api';
import { Button, ErrorState, Loading, ProblemBanner, TextAreaField } from '../../shared/components';
import { useAction } from '../../shared/useAction';
import { useLoad } from '../../shared/useLoad';
import { usePortal } from '../context';
import { DeleteEndpoint } from './DeleteEndpoint';
import type { EndpointDraft } from './endpointDraft';
import { draftOf, faultOf, formProblem, localFaults, updateBody } from './endpointDraft';
import type { DraftFieldsProps } from './EndpointFields';
import { AddressFields, DeliveryFields } from './EndpointFields';
import type { Endpoint } from './endpointStatus';
import type { EventType } from './eventTypeGroups';
import { EventTypePicker } from './EventTypePicker';
import { FilterTester } from './FilterTester';
import { FilterWarnings } from './FilterWarnings';
import { HeadersEditor } from './HeadersEditor';
import { SettingsSummary } from './SettingsSummary';

const FORM_ID = 'endpoint-settings';

const FILTER_HINT =
  'A JSONata expression over the delivered body (id, type, merchant_id, created_at, data): only events for which it is exactly true are sent. Empty: every event of the chosen types.';

/** The sections of the settings form, each a card. */
const SettingsSections = ({
  endpoint,
  catalog,
  ...fields
}: DraftFieldsProps & { endpoint: Endpoint; catalog: readonly EventType[] }) => {
  const { draft, onDraft, problem } = fields;
  return (
    <>
      <section class="card form-section" aria-labelledby="settings-where">
        <h2 id="settings-where">Endpoint</h2>
        <AddressFields {...fields} />
      </section>
      <section class="card form-section" aria-labelledby="settings-what">
        <h2 id="settings-what">Events</h2>
        <EventTypePicker
          catalog={catalog}
          choice={{ allTypes: draft.allTypes, types: draft.types }}
          kept={endpoint.filter_types ?? []}
          error={faultOf(problem, 'filter_types')}
          onChange={(choice) => onDraft(choice)}
        />
      </section>
      <section class="card form-section" aria-labelledby="settings-which">
        <h2 id="settings-which">Filter</h2>
        <TextAreaField
          label="Filter (JSONata)"
          monospace
          rows={3}
          placeholder={'data.amount_total > 10000 and data.currency = "EUR"'}
          value={draft.filter}
          onValue={(filter) => onDraft({ filter })}
          hint={FILTER_HINT}
          error={faultOf(problem, 'filter')}
        />
        <FilterWarnings filter={draft.filter} types={draft.allTypes ? [] : draft.types} />
        <FilterTester filter={draft.filter} catalog={catalog} preferred={draft.types} />
      </section>
      <section class="card form-section" aria-labelledby="settings-how">
        <h2 id="settings-how">Delivery</h2>
        <DeliveryFields {...fields} />
      </section>
      <HeadersEditor
        rows={draft.headers}
        onRows={(headers) => onDraft({ headers })}
        problem={problem}
      />
    </>
  );
};

/** Every setting of the endpoint, saved together with POST /v1/webhooks/{id}. */
const SettingsForm = ({
  endpoint,
  catalog,
  onSaved,
}: {
  endpoint: Endpoint;
  catalog: readonly EventType[];
  onSaved: (endpoint: Endpoint) => void;
}) => {
  const { api } = usePortal();
  const [draft, setDraft] = useState<EndpointDraft>(() => draftOf(endpoint));
  const [checked, setChecked] = useState<Problem>();
  const [saved, setSaved] = useState(false);
  const onDraft = (change: Partial<EndpointDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setSaved(false);
  };
  const save = useAction(
    useCallback(
      (body: ReturnType<typeof updateBody>) =>
        unwrap(
          api.POST('/v1/webhooks/{endpoint_id}', {
            params: { path: { endpoint_id: endpoint.id } },
            body,
          }),
        ),
      [api, endpoint.id],
    ),
  );
  const submit = async (event: Event) => {
    event.preventDefault();
    const faults = localFaults(draft);
    setChecked(faults.length > 0 ? formProblem(faults) : undefined);
    if (faults.length > 0) return;
    const updated = await save.run(updateBody(draft));
    if (!updated) return;
    // The API's answer replaces what was typed: sealed header values are no longer held here.
    setDraft(draftOf(updated));
    setSaved(true);
    onSaved(updated);
  };
  const problem = checked ?? save.problem;
  return (
    <div class="form-layout">
      <form id={FORM_ID} onSubmit={(e) => void submit(e)} noValidate>
        <SettingsSections
          endpoint={endpoint}
          catalog={catalog}
          draft={draft}
          onDraft={onDraft}
          problem={problem}
        />
      </form>
      <div class="form-rail">
        <section class="card panel" aria-labelledby="settings-save">
          <h2 id="settings-save">Changes</h2>
          <p class="muted">Saved settings apply from the next delivery on.</p>
          {problem && <ProblemBanner problem={problem} />}
          <Button type="submit" form={FORM_ID} variant="primary" block busy={save.busy}>
            {save.busy ? 'Saving…' : 'Save changes'}
          </Button>
          <p class="saved-note" role="status">
            {saved && 'Saved.'}
          </p>
        </section>
        <DeleteEndpoint endpoint={endpoint} />
      </div>
    </div>
  );
};

/** The endpoint's settings: a form with `manage_endpoints`, read-only without. */
export const SettingsPanel = ({
  endpoint,
  onSaved,
}: {
  endpoint: Endpoint;
  onSaved: (endpoint: Endpoint) => void;
}) => {
  const { api, can } = usePortal();
  const catalog = useLoad(() => unwrap(api.GET('/v1/event-types')));
  if (!can('manage_endpoints')) return <SettingsSummary endpoint={endpoint} />;
  if (catalog.state === 'loading') return <Loading label="Loading the event catalog…" />;
  if (catalog.state === 'failed')
    return <ErrorState problem={catalog.problem} onRetry={catalog.reload} />;
  return <SettingsForm endpoint={endpoint} catalog={catalog.data.data} onSaved={onSaved} />;
};

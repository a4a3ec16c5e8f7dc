import { useCallback, useState } from 'preact/hooks';
import { unwrap } from '../../shared/api';
import { Button, ProblemBanner } from '../../shared/components';
import { hrefOf } from '../../shared/router';
import { useAction } from '../../shared/useAction';
import { usePortal } from '../context';
import { ConfirmBox } from './ConfirmBox';
import type { Endpoint } from './endpointStatus';

/** Deleting, once asked: pending deliveries stop, and the list is shown again. */
export const DeleteEndpoint = ({ endpoint }: { endpoint: Endpoint }) => {
  const { api } = usePortal();
  const [confirming, setConfirming] = useState(false);
  const remove = useAction(
    useCallback(async () => {
      const path = { endpoint_id: endpoint.id };
      await unwrap(api.DELETE('/v1/webhooks/{endpoint_id}', { params: { path } }));
      return true;
    }, [api, endpoint.id]),
  );
  const confirm = async () => {
    if (await remove.run()) window.location.hash = hrefOf('endpoints');
  };
  return (
    <section class="card panel danger-zone" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete endpoint</h2>
      <p class="muted">Deliveries to it stop at once, including retries waiting to be sent.</p>
      {confirming ? (
        <ConfirmBox
          question={`Delete the endpoint ${endpoint.url}?`}
          confirmLabel="Delete endpoint"
          busy={remove.busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          This cannot be undone.
        </ConfirmBox>
      ) : (
        <div class="danger-outline">
          <Button onClick={() => setConfirming(true)}>Delete endpoint…</Button>
        </div>
      )}
      {remove.problem && <ProblemBanner problem={remove.problem} />}
    </section>
  );
};

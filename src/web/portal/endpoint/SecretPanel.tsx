import { useCallback, useEffect, useState } from 'preact/hooks';
import { unwrap } from '../../shared/api';
import { Button, ProblemBanner } from '../../shared/components';
import { formatDateTime } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { usePortal } from '../context';
import { ConfirmBox } from './ConfirmBox';
import type { Endpoint } from './endpointStatus';

/** When the secret before a rotation stops signing: null when it already has. */
type Rotated = { previousSignsUntil: string | null };

const MASK = `whsec_${'•'.repeat(28)}`;

/** The secret, hidden until revealed, with a way to copy it once shown. */
const SecretValue = ({ secret, onHide }: { secret: string | undefined; onHide: () => void }) => {
  const [copied, setCopied] = useState<string>();
  const copy = () =>
    navigator.clipboard.writeText(secret ?? '').then(
      () => setCopied('Copied to the clipboard.'),
      () => setCopied('Copying is not allowed here: select the secret and copy it.'),
    );
  return (
    <div class="secret">
      {secret ? (
        <code class="secret-value">{secret}</code>
      ) : (
        <code class="secret-value secret-hidden">
          <span aria-hidden="true">{MASK}</span>
          <span class="visually-hidden">Hidden</span>
        </code>
      )}
      {secret && (
        <div class="secret-actions">
          <Button size="small" onClick={() => void copy()}>
            Copy
          </Button>
          <Button size="small" variant="ghost" onClick={onHide}>
            Hide
          </Button>
        </div>
      )}
      <span class="field-hint" role="status">
        {copied}
      </span>
    </div>
  );
};

const rotatedText = ({ previousSignsUntil }: Rotated) =>
  previousSignsUntil
    ? `The secret was rotated. Deliveries are also signed with the previous secret until ${formatDateTime(previousSignsUntil)}, so your receiver can switch over until then.`
    : 'The secret was rotated. The previous secret no longer signs deliveries.';

/** Rotating: asked first, then the new secret is shown (when the session may see it). */
const RotateSecret = ({ endpoint, onRotated }: { endpoint: Endpoint; onRotated: () => void }) => {
  const { api } = usePortal();
  const [confirming, setConfirming] = useState(false);
  const [rotated, setRotated] = useState<Rotated>();
  const rotate = useAction(
    useCallback(async (): Promise<Rotated> => {
      const path = { endpoint_id: endpoint.id };
      const rotation = await unwrap(
        api.POST('/v1/webhooks/{endpoint_id}/secret/rotate', { params: { path } }),
      );
      // The service says until when the old secret signs (a grace of 0: it no longer does).
      const until = rotation.previous_expires_at;
      return { previousSignsUntil: Date.parse(until) > Date.now() ? until : null };
    }, [api, endpoint.id]),
  );
  const confirm = async () => {
    const done = await rotate.run();
    setConfirming(false);
    if (!done) return;
    setRotated(done);
    onRotated();
  };
  return (
    <section class="secret-section" aria-labelledby="rotate-heading">
      <h3 id="rotate-heading">Rotate the secret</h3>
      <p class="muted">
        Rotate it when it may have leaked, or on a schedule. A new secret signs every delivery from
        then on, and the previous one keeps signing for a while so your receiver can switch over.
      </p>
      {rotated && (
        <p class="notice notice-success" role="status">
          {rotatedText(rotated)}
        </p>
      )}
      {confirming ? (
        <ConfirmBox
          question="Rotate the signing secret of this endpoint?"
          confirmLabel="Rotate secret"
          busy={rotate.busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        >
          Your receiver must verify with the new secret before the previous one stops signing.
        </ConfirmBox>
      ) : (
        <Button onClick={() => setConfirming(true)}>Rotate secret…</Button>
      )}
      {rotate.problem && <ProblemBanner problem={rotate.problem} />}
    </section>
  );
};

/**
 * The endpoint's signing secret: revealed with `view_secret`, rotated with `rotate_secret`. Right
 * after the endpoint was created it is revealed at once, to be copied into the receiver.
 */
export const SecretPanel = ({
  endpoint,
  justCreated,
}: {
  endpoint: Endpoint;
  justCreated: boolean;
}) => {
  const { api, can } = usePortal();
  const [secret, setSecret] = useState<string>();
  const reveal = useAction(
    useCallback(async () => {
      const path = { endpoint_id: endpoint.id };
      const answer = await unwrap(
        api.GET('/v1/webhooks/{endpoint_id}/secret', { params: { path } }),
      );
      setSecret(answer.key);
    }, [api, endpoint.id]),
  );
  const canView = can('view_secret');
  useEffect(() => {
    if (justCreated && canView) void reveal.run();
  }, []);
  return (
    <div class="card panel">
      <h2>Signing secret</h2>
      {justCreated && (
        <p class="notice notice-success" role="status">
          {canView
            ? 'Endpoint created. Copy its signing secret into your receiver now: it proves that each delivery comes from the platform.'
            : 'Endpoint created.'}
        </p>
      )}
      <p class="muted">
        Every delivery carries <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
        <code>webhook-signature</code> headers (Standard Webhooks). Verify them with this secret
        before trusting the body.
      </p>
      {canView ? (
        <>
          <SecretValue secret={secret} onHide={() => setSecret(undefined)} />
          {!secret && (
            <Button busy={reveal.busy} onClick={() => void reveal.run()}>
              Reveal secret
            </Button>
          )}
          {reveal.problem && <ProblemBanner problem={reveal.problem} />}
        </>
      ) : (
        <p class="notice">Your portal link does not include viewing the signing secret.</p>
      )}
      {can('rotate_secret') ? (
        <RotateSecret endpoint={endpoint} onRotated={() => void (canView && reveal.run())} />
      ) : (
        <p class="notice">Your portal link does not include rotating the signing secret.</p>
      )}
    </div>
  );
};

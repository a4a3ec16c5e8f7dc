import { useState } from 'preact/hooks';
import { unwrap } from '../../shared/api';
import { Button, ProblemBanner } from '../../shared/components';
import { useAction } from '../../shared/useAction';
import { usePortal } from '../context';

/** Sends one message again, with the same webhook-id, so the receiver can tell it is a repeat. */
export const ResendAction = ({
  endpointId,
  eventId,
  onSent,
}: {
  endpointId: string;
  eventId: string;
  onSent: () => void;
}) => {
  const { api } = usePortal();
  const [queued, setQueued] = useState(false);
  const resend = useAction(() =>
    unwrap(
      api.POST('/v1/webhooks/{endpoint_id}/messages/{event_id}/resend', {
        params: { path: { endpoint_id: endpointId, event_id: eventId } },
      }),
    ),
  );
  const run = async () => {
    setQueued(false);
    if (await resend.run()) {
      setQueued(true);
      onSent();
    }
  };
  return (
    <div class="message-resend">
      <Button variant="primary" busy={resend.busy} onClick={() => void run()}>
        Resend
      </Button>
      <div class="message-resend-result" aria-live="polite">
        {queued && <p class="send-done">Queued again with the same webhook-id.</p>}
      </div>
      {resend.problem && <ProblemBanner problem={resend.problem} />}
    </div>
  );
};

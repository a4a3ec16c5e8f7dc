import { parseJsonObject } from '../../shared/jsonText';
import { useState } from 'preact/hooks';
import type { Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';
import { Button, ProblemBanner, TextAreaField } from '../../shared/components';
import { useAction } from '../../shared/useAction';
import { usePortal } from '../context';
import { messageHref } from './messageLink';

const EXAMPLE = JSON.stringify({ message: 'Hello from the webhooks portal' }, null, 2);

/** A webhook.test event to this endpoint only, with data the merchant may change. */
export const TestSendForm = ({
  id,
  endpointId,
  onSent,
}: {
  id: string;
  endpointId: string;
  onSent: () => void;
}) => {
  const { api } = usePortal();
  const [text, setText] = useState(EXAMPLE);
  const [fault, setFault] = useState<string>();
  const [sent, setSent] = useState<Schemas['TestDelivery']>();
  const send = useAction((data: Record<string, unknown>) =>
    unwrap(
      api.POST('/v1/webhooks/test', {
        // The API takes any JSON object; the generated type cannot say "any value".
        body: { endpoint_id: endpointId, data: data as Record<string, never> },
      }),
    ),
  );
  const submit = async (event: Event) => {
    event.preventDefault();
    setSent(undefined);
    const parsed = parseJsonObject(text);
    setFault('fault' in parsed ? parsed.fault : undefined);
    if ('fault' in parsed) return;
    const delivery = await send.run(parsed.data);
    if (delivery) {
      setSent(delivery);
      onSent();
    }
  };
  return (
    <form id={id} class="card send-form" onSubmit={(e) => void submit(e)}>
      <h3>Send a test event</h3>
      <p class="send-form-intro">
        A <code>webhook.test</code> event goes to this endpoint only, signed like every other
        delivery.
      </p>
      <TextAreaField
        label="Event data (JSON)"
        monospace
        rows={5}
        value={text}
        onValue={setText}
        error={fault}
      />
      {send.problem && <ProblemBanner problem={send.problem} />}
      <div class="send-form-row">
        <Button type="submit" variant="primary" busy={send.busy}>
          Send
        </Button>
        <div aria-live="polite">
          {sent && (
            <p class="send-done">
              Sent as <a href={messageHref(sent.event_id)}>{sent.event_id}</a>. It appears in the
              messages below.
            </p>
          )}
        </div>
      </div>
    </form>
  );
};

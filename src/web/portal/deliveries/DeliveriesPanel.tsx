import { useEffect, useState } from 'preact/hooks';
import type { Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';
import { Button } from '../../shared/components';
import { usePortal } from '../context';
import { DeliveryChart } from './DeliveryChart';
import { DeliveryLog } from './DeliveryLog';
import { MessageDetail } from './MessageDetail';
import { useOpenMessage } from './messageLink';
import type { PeriodId } from './periods';
import { periodOf, windowOf } from './periods';
import { ReplayForm } from './ReplayForm';
import { TestSendForm } from './TestSendForm';
import { useLiveLoad } from './useLiveLoad';
import { usePolling } from './usePolling';
import './deliveries.css';

type Form = 'test' | 'replay' | undefined;

const FORM_IDS = { test: 'deliveries-test-send', replay: 'deliveries-replay' } as const;

/** The actions that send: only with the `send` capability, each opening its form. */
const SendActions = ({ open, onOpen }: { open: Form; onOpen: (form: Form) => void }) => (
  <div class="deliveries-actions">
    <Button
      aria-expanded={open === 'test'}
      aria-controls={FORM_IDS.test}
      onClick={() => onOpen(open === 'test' ? undefined : 'test')}
    >
      Send a test event
    </Button>
    <Button
      aria-expanded={open === 'replay'}
      aria-controls={FORM_IDS.replay}
      onClick={() => onOpen(open === 'replay' ? undefined : 'replay')}
    >
      Replay a window
    </Button>
  </div>
);

/**
 * An endpoint's deliveries: attempts over time, every message and attempt with what the endpoint
 * answered, and — with the `send` capability — a test send, a resend and a replay. While a
 * message is pending, or just after something was sent, every view refreshes itself.
 */
export const DeliveriesPanel = ({ endpoint }: { endpoint: Schemas['WebhookEndpoint'] }) => {
  const { api, can } = usePortal();
  const [periodId, setPeriodId] = useState<PeriodId>('24h');
  const [form, setForm] = useState<Form>();
  const [pending, setPending] = useState(false);
  const polling = usePolling(pending);
  const period = periodOf(periodId);
  const stats = useLiveLoad(
    () =>
      unwrap(
        api.GET('/v1/webhooks/{endpoint_id}/stats', {
          params: { path: { endpoint_id: endpoint.id }, query: windowOf(period) },
        }),
      ),
    [endpoint.id, periodId],
    polling.tick,
  );
  // The stats count the endpoint's pending messages: while there are some, the views poll.
  useEffect(() => {
    if (stats.state === 'ready') setPending(stats.data.messages.pending > 0);
  }, [stats]);
  const openMessage = useOpenMessage();
  const sending = can('send');
  return (
    <section class="deliveries" aria-labelledby="deliveries-heading">
      <div class="deliveries-header">
        <div>
          <h2 id="deliveries-heading">Deliveries</h2>
          <p>What was sent to this endpoint, and what it answered.</p>
        </div>
        {sending && <SendActions open={form} onOpen={setForm} />}
      </div>
      {sending && form === 'test' && (
        <TestSendForm id={FORM_IDS.test} endpointId={endpoint.id} onSent={polling.refresh} />
      )}
      {sending && form === 'replay' && (
        <ReplayForm id={FORM_IDS.replay} endpointId={endpoint.id} onSent={polling.refresh} />
      )}
      <DeliveryChart
        stats={stats}
        period={period}
        onPeriod={setPeriodId}
        onRetry={polling.refresh}
      />
      {openMessage ? (
        <MessageDetail
          endpoint={endpoint}
          eventId={openMessage}
          tick={polling.tick}
          onSent={polling.refresh}
        />
      ) : (
        <DeliveryLog endpointId={endpoint.id} tick={polling.tick} />
      )}
    </section>
  );
};

import { CodeBlock } from '../../shared/components';
import { formatPreciseTime, humanized } from './labels';
import type { History, InstanceEvent } from './processApi';

const TITLES: Record<string, string> = {
  'process_instance.created': 'Instance created',
  'process_instance.completed': 'Instance completed',
  'process_instance.failed': 'Instance failed',
  'process_instance.cancelled': 'Instance cancelled',
};

const titleOf = (event: InstanceEvent): string => {
  const known = TITLES[event.type];
  if (known) return known;
  const data = event.data as { decision?: unknown };
  const what = humanized(event.type.slice(event.type.indexOf('.') + 1));
  return typeof data.decision === 'string' ? `${what}: ${data.decision}` : what;
};

/** The step an event is about, with the lane it is in (`price[2] › quote`). */
const stepOf = (event: InstanceEvent): string | undefined => {
  const { step_id: stepId, lane } = event.data as { step_id?: unknown; lane?: unknown };
  if (typeof stepId !== 'string') return undefined;
  return typeof lane === 'string' ? `${lane} › ${stepId}` : stepId;
};

/** The instance's own events, oldest first, each with its data folded away until asked for. */
export const EventHistory = ({ history }: { history: History }) => (
  <section class="card proc-panel" aria-labelledby="history-heading">
    <h2 id="history-heading">Event history</h2>
    {!history.complete && (
      <p class="proc-muted">Showing the first {history.events.length} events of this instance.</p>
    )}
    <ol class="proc-history">
      {history.events.map((event) => {
        const step = stepOf(event);
        return (
          <li key={event.id} class="proc-history-event" data-event-type={event.type}>
            <div class="proc-history-head">
              <strong>{titleOf(event)}</strong>
              {step && <code>{step}</code>}
              <time dateTime={event.recorded_at}>{formatPreciseTime(event.recorded_at)}</time>
            </div>
            <div class="proc-history-meta">
              <code>{event.type}</code>
              <span>#{event.revision}</span>
              {event.metadata.actor && <span>by {event.metadata.actor}</span>}
            </div>
            <details>
              <summary>Data</summary>
              <CodeBlock label={`Data of ${event.type} #${event.revision}`} value={event.data} />
            </details>
          </li>
        );
      })}
    </ol>
  </section>
);

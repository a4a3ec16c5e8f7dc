import { useState } from 'preact/hooks';
import { AttemptList } from './AttemptList';
import { MessageList } from './MessageList';
import { Segmented } from './Segmented';

type View = 'messages' | 'attempts';

const VIEWS: ReadonlyArray<{ value: View; label: string }> = [
  { value: 'messages', label: 'Messages' },
  { value: 'attempts', label: 'Attempts' },
];

/** What was sent: one row per message, or one per attempt, as the reader chooses. */
export const DeliveryLog = ({ endpointId, tick }: { endpointId: string; tick: number }) => {
  const [view, setView] = useState<View>('messages');
  return (
    <section class="deliveries-log" aria-labelledby="delivery-log-heading">
      <div class="delivery-section-bar">
        <h3 id="delivery-log-heading">{view === 'messages' ? 'Messages' : 'Attempts'}</h3>
        <Segmented label="Show" options={VIEWS} value={view} onValue={setView} />
      </div>
      {view === 'messages' ? (
        <MessageList endpointId={endpointId} tick={tick} />
      ) : (
        <AttemptList endpointId={endpointId} tick={tick} />
      )}
    </section>
  );
};

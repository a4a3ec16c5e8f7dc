import { useState } from 'preact/hooks';
import type { Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';
import { Button, CheckboxField, DateTimeField, ProblemBanner } from '../../shared/components';
import { instantOf, localInputOf } from '../../shared/components/DateTimeField';
import { formatCount } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { usePortal } from '../context';

const DAY_MS = 86_400_000;

const outcomeOf = (replay: Schemas['Replay']): string =>
  replay.count === 0
    ? 'Nothing to send again in this window.'
    : `${formatCount(replay.count)} ${replay.count === 1 ? 'message' : 'messages'} queued again.`;

/** After an outage on the merchant's side: every event of a window sent to the endpoint again. */
export const ReplayForm = ({
  id,
  endpointId,
  onSent,
}: {
  id: string;
  endpointId: string;
  onSent: () => void;
}) => {
  const { api } = usePortal();
  const [since, setSince] = useState(() => localInputOf(new Date(Date.now() - DAY_MS)));
  const [until, setUntil] = useState('');
  const [onlyFailed, setOnlyFailed] = useState(true);
  const [replayed, setReplayed] = useState<Schemas['Replay']>();
  const replay = useAction(() =>
    unwrap(
      api.POST('/v1/webhooks/{endpoint_id}/replay', {
        params: { path: { endpoint_id: endpointId } },
        body: {
          // An unreadable time is sent as typed, for the API to say what is wrong with it.
          since: since ? instantOf(since) : '',
          ...(until && { until: instantOf(until) }),
          only_failed: onlyFailed,
        },
      }),
    ),
  );
  const submit = async (event: Event) => {
    event.preventDefault();
    setReplayed(undefined);
    const done = await replay.run();
    if (done) {
      setReplayed(done);
      onSent();
    }
  };
  return (
    <form id={id} class="card send-form" onSubmit={(e) => void submit(e)}>
      <h3>Replay a window</h3>
      <p class="send-form-intro">
        Sends again the events this endpoint receives that were published in the window, each with
        its original webhook-id.
      </p>
      <div class="replay-window">
        <DateTimeField label="From" value={since} onValue={setSince} hint="Your local time" />
        <DateTimeField label="Until" value={until} onValue={setUntil} hint="Empty: until now" />
      </div>
      <CheckboxField
        label="Only messages not delivered yet"
        checked={onlyFailed}
        onChecked={setOnlyFailed}
        hint="Leave it on to skip what the endpoint already accepted."
      />
      {replay.problem && <ProblemBanner problem={replay.problem} />}
      <div class="send-form-row">
        <Button type="submit" variant="primary" busy={replay.busy}>
          Replay
        </Button>
        <div aria-live="polite">{replayed && <p class="send-done">{outcomeOf(replayed)}</p>}</div>
      </div>
    </form>
  );
};

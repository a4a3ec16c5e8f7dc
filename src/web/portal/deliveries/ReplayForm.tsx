import { useState } from 'preact/hooks';
import type { Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';
import { Button, CheckboxField, DateTimeField, ProblemBanner } from '../../shared/components';
import { instantOf, localInputOf } from '../../shared/components/DateTimeField';
import { formatCount } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { usePortal } from '../context';

const DAY_MS = 86_400_000;

const UNSENT_LABEL = 'Also send events never sent to this endpoint';

/** What the replay queued, told apart: sent again, and sent for the first time (a back-fill). */
const outcomeOf = (replay: Schemas['Replay']): string => {
  const skipped = replay.unsent_skipped;
  const sent =
    replay.count === 0 && skipped === 0
      ? 'Nothing to send in this window.'
      : `${formatCount(replay.replayed)} sent again, ${formatCount(replay.backfilled)} sent for the first time.`;
  if (skipped === 0) return sent;
  const left =
    skipped === 1
      ? '1 event never sent to this endpoint was left out: tick'
      : `${formatCount(skipped)} events never sent to this endpoint were left out: tick`;
  return `${sent} ${left} “${UNSENT_LABEL}” to send ${skipped === 1 ? 'it' : 'them'} too.`;
};

/**
 * After an outage on the merchant's side: the messages of a window sent to the endpoint again and,
 * only when asked for, the events it was never sent (published before it existed, say).
 */
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
  const [includeUnsent, setIncludeUnsent] = useState(false);
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
          include_unsent: includeUnsent,
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
        Sends again the messages of the window this endpoint was sent, each with its original
        webhook-id.
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
      <CheckboxField
        label={UNSENT_LABEL}
        checked={includeUnsent}
        onChecked={setIncludeUnsent}
        hint="Events it receives that were published before it existed, or while it was disabled, are sent to it for the first time."
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

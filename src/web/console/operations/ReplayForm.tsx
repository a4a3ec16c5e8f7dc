import { useState } from 'preact/hooks';
import type { Api, Schemas } from '../../shared/api';
import { unwrap } from '../../shared/api';
import { Button, CheckboxField, ProblemBanner } from '../../shared/components';
import { formatCount } from '../../shared/format';
import { useAction } from '../../shared/useAction';
import { DateTimeField, instantOf, localInputOf } from '../../shared/components/DateTimeField';
import type { Endpoint } from './endpointTypes';
import './operations.css';
import './merchants.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the replay queued, told apart: sent again, and sent for the first time (a back-fill). */
const QueuedNote = ({ queued }: { queued: Schemas['Replay'] }) => {
  const skipped = queued.unsent_skipped;
  return (
    <p class="success-note" role="status">
      Replay <code>{queued.replay_id}</code>: {formatCount(queued.replayed)} sent again,{' '}
      {formatCount(queued.backfilled)} sent for the first time.
      {skipped > 0 &&
        ` ${formatCount(skipped)} never sent to this endpoint ${skipped === 1 ? 'was' : 'were'} left out.`}
    </p>
  );
};

/**
 * Sending an endpoint again the messages of a window, after an incident on the receiver's side: by
 * default only those it was sent and not yet delivered to it; the events it was never sent only
 * when asked for.
 */
export const ReplayForm = ({ api, endpoint }: { api: Api; endpoint: Endpoint }) => {
  const [since, setSince] = useState(() => localInputOf(new Date(Date.now() - DAY_MS)));
  const [until, setUntil] = useState('');
  const [onlyFailed, setOnlyFailed] = useState(true);
  const [includeUnsent, setIncludeUnsent] = useState(false);
  const [queued, setQueued] = useState<Schemas['Replay']>();
  const replay = useAction(async () => {
    const answer = await unwrap(
      api.POST('/v1/webhooks/{endpoint_id}/replay', {
        params: { path: { endpoint_id: endpoint.id } },
        body: {
          since: instantOf(since),
          ...(until && { until: instantOf(until) }),
          only_failed: onlyFailed,
          include_unsent: includeUnsent,
        },
      }),
    );
    setQueued(answer);
    return answer;
  });
  const submit = (event: Event) => {
    event.preventDefault();
    setQueued(undefined);
    void replay.run();
  };
  return (
    <details class="unfold endpoint-replay">
      <summary>Replay a window</summary>
      <form onSubmit={submit}>
        <div class="form-row">
          <DateTimeField label="From" value={since} onValue={setSince} required />
          <DateTimeField label="Until" value={until} onValue={setUntil} hint="Empty: until now" />
        </div>
        <CheckboxField
          label="Only messages not yet delivered"
          checked={onlyFailed}
          onChecked={setOnlyFailed}
          hint="Unticked, every message of the window this endpoint was sent is sent again."
        />
        <CheckboxField
          label="Also send events never sent to this endpoint"
          checked={includeUnsent}
          onChecked={setIncludeUnsent}
          hint="Those published before it existed, or while it was disabled, are sent to it for the first time."
        />
        {replay.problem && <ProblemBanner problem={replay.problem} />}
        {queued && <QueuedNote queued={queued} />}
        <Button
          type="submit"
          variant="primary"
          busy={replay.busy}
          aria-label={`Replay window to ${endpoint.url}`}
        >
          Replay window
        </Button>
      </form>
    </details>
  );
};

import { useEffect, useRef, useState } from 'preact/hooks';
import type { Problem } from '../../shared/api';
import { Button, ProblemBanner } from '../../shared/components';
import { hrefOf } from '../../shared/router';
import { useAction } from '../../shared/useAction';
import { useConsole } from '../context';
import type { Instance } from './processApi';
import { cancelInstance, isTerminal, replayInstance } from './processApi';
import { processRoutes } from './routes';

/** Asks before cancelling: a cancelled run cannot be resumed. */
const CancelConfirmation = ({
  instanceId,
  busy,
  onConfirm,
  onKeep,
}: {
  instanceId: string;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) => {
  const confirm = useRef<HTMLDivElement>(null);
  useEffect(() => confirm.current?.querySelector('button')?.focus(), []);
  return (
    <div class="proc-confirm" role="group" aria-label="Confirm cancellation" ref={confirm}>
      <p>
        Cancel <code>{instanceId}</code>? The step in progress stops and the run ends as cancelled.
        This cannot be undone.
      </p>
      <div class="proc-button-row">
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          Yes, cancel the instance
        </Button>
        <Button variant="ghost" onClick={onKeep}>
          Keep it running
        </Button>
      </div>
    </div>
  );
};

/** The API's answer to one action, saying which: both actions' answers may be on the page. */
const ActionProblem = ({ what, problem }: { what: string; problem: Problem }) => (
  <div class="proc-action-problem">
    <p>{what}</p>
    <ProblemBanner problem={problem} />
  </div>
);

/** Cancel (confirmed first) and replay, each with the API's refusal shown beside it. */
export const InstanceActions = ({
  instance,
  onChanged,
}: {
  instance: Instance;
  onChanged: () => void;
}) => {
  const { api } = useConsole();
  const [confirming, setConfirming] = useState(false);
  const cancel = useAction(() => cancelInstance(api, instance.id));
  const replay = useAction(() => replayInstance(api, instance.id));
  const [replayed, setReplayed] = useState<string>();
  const cancelNow = async () => {
    const done = await cancel.run();
    setConfirming(false);
    if (done) onChanged();
  };
  const replayNow = async () => {
    const created = await replay.run();
    if (created) setReplayed(created.id);
  };
  return (
    <section class="proc-actions" aria-label="Instance actions">
      <div class="proc-button-row">
        <Button onClick={() => void replayNow()} busy={replay.busy}>
          Replay
        </Button>
        {!isTerminal(instance) && (
          <Button
            variant="danger"
            onClick={() => {
              cancel.clear();
              setConfirming(true);
            }}
            disabled={confirming}
          >
            Cancel instance
          </Button>
        )}
      </div>
      {confirming && (
        <CancelConfirmation
          instanceId={instance.id}
          busy={cancel.busy}
          onConfirm={() => void cancelNow()}
          onKeep={() => setConfirming(false)}
        />
      )}
      {cancel.problem && <ActionProblem what="Could not cancel" problem={cancel.problem} />}
      {replay.problem && <ActionProblem what="Could not replay" problem={replay.problem} />}
      {replayed && (
        <p class="proc-notice" role="status">
          Replayed as a new instance:{' '}
          <a class="mono" href={hrefOf(processRoutes.instance(replayed))}>
            {replayed}
          </a>
        </p>
      )}
    </section>
  );
};

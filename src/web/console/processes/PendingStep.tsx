import { parseJson } from '../../shared/jsonText';
import { useState } from 'preact/hooks';
import { Button, ProblemBanner, TextAreaField } from '../../shared/components';
import { useAction } from '../../shared/useAction';
import { useConsole } from '../context';
import { hrefOf } from '../../shared/router';
import { formatPreciseTime } from './labels';
import { processRoutes } from './routes';
import type { Decision, History, Instance, InstanceStep, Step } from './processApi';
import { completeUserAction, resolveApproval } from './processApi';

type Props = { instance: Instance; step: InstanceStep; onDone: () => void };

const ApprovalForm = ({ instance, step, onDone }: Props) => {
  const { api } = useConsole();
  const [comment, setComment] = useState('');
  const resolve = useAction((decision: Decision) =>
    resolveApproval(api, instance.id, step.id, decision, comment),
  );
  const decide = async (decision: Decision) => {
    if (await resolve.run(decision)) onDone();
  };
  return (
    <>
      <p>
        The run waits for a decision on <code>{step.id}</code>. Rejecting fails the instance with{' '}
        <code>approval_rejected</code>.
      </p>
      <TextAreaField label="Comment (optional)" rows={2} value={comment} onValue={setComment} />
      <div class="proc-button-row">
        <Button variant="primary" busy={resolve.busy} onClick={() => void decide('approved')}>
          Approve
        </Button>
        <Button variant="danger" busy={resolve.busy} onClick={() => void decide('rejected')}>
          Reject
        </Button>
      </div>
      {resolve.problem && <ProblemBanner problem={resolve.problem} />}
    </>
  );
};

const UserActionForm = ({ instance, step, action, onDone }: Props & { action?: string }) => {
  const { api } = useConsole();
  const [text, setText] = useState('{\n  \n}');
  const [fault, setFault] = useState<string>();
  const complete = useAction((data: unknown) =>
    completeUserAction(api, instance.id, step.id, data),
  );
  const submit = async () => {
    const parsed = parseJson(text);
    if ('fault' in parsed) return setFault(parsed.fault);
    setFault(undefined);
    if (await complete.run(parsed.data)) onDone();
  };
  return (
    <>
      <p>
        The run waits for <code>{step.id}</code>
        {action && (
          <>
            {' '}
            (<code>{action}</code>)
          </>
        )}{' '}
        to be completed. The data becomes the step’s output.
      </p>
      <TextAreaField
        label="Data (JSON)"
        monospace
        rows={6}
        value={text}
        onValue={setText}
        error={fault}
      />
      <div class="proc-button-row">
        <Button variant="primary" busy={complete.busy} onClick={() => void submit()}>
          Complete action
        </Button>
      </div>
      {complete.problem && <ProblemBanner problem={complete.problem} />}
    </>
  );
};

/** What the step waits for, as the history last recorded it: `{ kind, until?, ... }`. */
type RecordedWait = {
  kind?: string;
  until?: string;
  event_type?: string;
  instance_id?: string;
  attempt?: number;
  error?: { code?: string };
};

const lastWait = (history: History, stepId: string): RecordedWait => {
  const waiting = history.events.findLast(
    (e) =>
      e.type === 'process_instance.step_waiting' &&
      (e.data as { step_id?: unknown }).step_id === stepId,
  );
  return (waiting?.data as { wait?: RecordedWait } | undefined)?.wait ?? {};
};

const HEADINGS: Record<string, string> = {
  approval: 'Waiting for approval',
  user_action: 'Waiting for a user action',
  event: 'Waiting for an event',
  child: 'Waiting for a child instance',
  retry: 'Waiting to try again',
};

/** A wait that only time or another part of the service ends: what it is, and when it ends. */
const Awaited = ({
  stepId,
  wait,
  match,
}: {
  stepId: string;
  wait: RecordedWait;
  match?: string;
}) => {
  const by = wait.until ? ` (at most until ${formatPreciseTime(wait.until)})` : '';
  switch (wait.kind) {
    case 'event':
      return (
        <p>
          <code>{stepId}</code> waits for a <code>{wait.event_type}</code> event of this merchant
          {match && (
            <>
              {' '}
              for which <code>{match}</code> is true
            </>
          )}
          {by}.
        </p>
      );
    case 'child':
      return (
        <p>
          <code>{stepId}</code> waits for its child instance{' '}
          <a class="mono" href={hrefOf(processRoutes.instance(wait.instance_id ?? ''))}>
            {wait.instance_id}
          </a>{' '}
          to end.
        </p>
      );
    case 'retry':
      return (
        <p>
          <code>{stepId}</code> failed with <code>{wait.error?.code}</code>; attempt {wait.attempt}{' '}
          starts {wait.until ? `at ${formatPreciseTime(wait.until)}` : 'when its timer fires'}.
        </p>
      );
    default:
      return (
        <p>
          <code>{stepId}</code> resumes the run{' '}
          {wait.until ? `at ${formatPreciseTime(wait.until)}` : 'when its timer fires'}.
        </p>
      );
  }
};

/**
 * What the run waits on, and the way to move it on: a decision for an approval, data for a user
 * action; a timer only needs time.
 */
export const PendingStep = ({
  instance,
  steps,
  history,
  onDone,
}: {
  instance: Instance;
  steps: Step[];
  history: History;
  onDone: () => void;
}) => {
  const waiting =
    instance.status === 'waiting' && instance.steps.find((s) => s.status === 'waiting');
  if (!waiting) return null;
  const defined = steps.find((s) => s.id === waiting.id);
  const recorded = lastWait(history, waiting.id);
  // A person's step is known by its type before its history has loaded.
  const wait = { ...recorded, kind: recorded.kind ?? waiting.type };
  const heading = HEADINGS[wait.kind] ?? 'Waiting on a timer';
  const person = wait.kind === 'approval' || wait.kind === 'user_action';
  return (
    <section class="card proc-panel proc-pending" aria-labelledby="pending-heading">
      <h2 id="pending-heading">{heading}</h2>
      {wait.kind === 'approval' && (
        <ApprovalForm key={waiting.id} instance={instance} step={waiting} onDone={onDone} />
      )}
      {wait.kind === 'user_action' && (
        <UserActionForm
          key={waiting.id}
          instance={instance}
          step={waiting}
          onDone={onDone}
          {...(defined?.type === 'user_action' && defined.action && { action: defined.action })}
        />
      )}
      {!person && (
        <Awaited
          stepId={waiting.id}
          wait={wait}
          {...(defined?.type === 'wait_for_event' && { match: defined.match })}
        />
      )}
    </section>
  );
};

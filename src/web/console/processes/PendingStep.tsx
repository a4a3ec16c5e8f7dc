import { parseJson } from '../../shared/jsonText';
import { useState } from 'preact/hooks';
import { Button, ProblemBanner, TextAreaField } from '../../shared/components';
import { useAction } from '../../shared/useAction';
import { useConsole } from '../context';
import { formatPreciseTime } from './labels';
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

/** When a delay's timer fires, from the history's last word on the step. */
const timerDue = (history: History, stepId: string): string | undefined => {
  const waiting = history.events.findLast(
    (e) =>
      e.type === 'process_instance.step_waiting' &&
      (e.data as { step_id?: unknown }).step_id === stepId,
  );
  const until = (waiting?.data as { wait?: { until?: unknown } } | undefined)?.wait?.until;
  return typeof until === 'string' ? until : undefined;
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
  const due = waiting.type === 'delay' ? timerDue(history, waiting.id) : undefined;
  const heading =
    waiting.type === 'approval'
      ? 'Waiting for approval'
      : waiting.type === 'user_action'
        ? 'Waiting for a user action'
        : 'Waiting on a timer';
  return (
    <section class="card proc-panel proc-pending" aria-labelledby="pending-heading">
      <h2 id="pending-heading">{heading}</h2>
      {waiting.type === 'approval' && (
        <ApprovalForm key={waiting.id} instance={instance} step={waiting} onDone={onDone} />
      )}
      {waiting.type === 'user_action' && (
        <UserActionForm
          key={waiting.id}
          instance={instance}
          step={waiting}
          onDone={onDone}
          {...(defined?.type === 'user_action' && defined.action && { action: defined.action })}
        />
      )}
      {waiting.type === 'delay' && (
        <p>
          <code>{waiting.id}</code> resumes the run{' '}
          {due ? `at ${formatPreciseTime(due)}` : 'when its timer fires'}.
        </p>
      )}
    </section>
  );
};

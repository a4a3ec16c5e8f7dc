import { CodeBlock } from '../../shared/components';
import { StateIcon } from './graph/StateIcon';
import type { StepState } from './graph/stepStates';
import { STATE_LABEL } from './graph/stepStates';
import { formatDuration, formatPreciseTime, humanized } from './labels';
import type { InstanceStep } from './processApi';

const StepOutput = ({ step, state }: { step: InstanceStep; state: StepState }) => {
  if (step.error)
    return (
      <p class="proc-step-error">
        <strong>{step.error.code}</strong>: {step.error.message}
      </p>
    );
  if (state === 'completed')
    return step.output === undefined || step.output === null ? (
      <p class="proc-muted">Completed without output.</p>
    ) : (
      <CodeBlock label={`Output of ${step.id}`} value={step.output} />
    );
  if (state === 'skipped')
    return <p class="proc-muted">Its condition was false: it did not run.</p>;
  if (state === 'cancelled')
    return <p class="proc-muted">The run was cancelled during this step.</p>;
  if (state === 'stopped')
    return <p class="proc-muted">Stopped: its run or its fork ended during this step.</p>;
  return <p class="proc-muted">No output yet.</p>;
};

const LANE_STATE: Record<string, StepState> = {
  completed: 'completed',
  failed: 'failed',
  skipped: 'skipped',
  cancelled: 'cancelled',
  stopped: 'stopped',
  waiting: 'waiting',
};

/** A fork's lanes, folded: each lane's steps, with their states and, at its end, its output. */
const Lanes = ({ lanes }: { lanes: NonNullable<InstanceStep['lanes']> }) => (
  <details class="proc-lanes">
    <summary>
      {lanes.length} {lanes.length === 1 ? 'lane' : 'lanes'}
    </summary>
    <ol>
      {lanes.map((lane) => {
        const last = lane.steps[lane.steps.length - 1];
        return (
          <li key={lane.lane} data-lane={lane.lane}>
            <code>{lane.lane}</code>{' '}
            {lane.steps.map((step) => (
              <span key={step.id} class="proc-lane-step">
                {step.id}: {STATE_LABEL[LANE_STATE[step.status] ?? 'running']}
                {step.error && ` (${step.error.code})`}{' '}
              </span>
            ))}
            {last?.status === 'completed' && last.output !== undefined && (
              <code class="proc-lane-output">→ {JSON.stringify(last.output)}</code>
            )}
          </li>
        );
      })}
    </ol>
  </details>
);

/** The steps the instance reached, in that order, each with its state, times and output. */
export const StepList = ({
  steps,
  states,
}: {
  steps: InstanceStep[];
  states: Map<string, StepState>;
}) => (
  <section class="card proc-panel" aria-labelledby="steps-heading">
    <h2 id="steps-heading">Steps and their output</h2>
    {steps.length === 0 ? (
      <p class="proc-muted">No step has started yet.</p>
    ) : (
      <ol class="proc-steps">
        {steps.map((step) => {
          const state = states.get(step.id) ?? 'running';
          return (
            <li key={step.id} class={`proc-step state-${state}`} data-step-output={step.id}>
              <div class="proc-step-head">
                <svg
                  width="14"
                  height="14"
                  viewBox="0 0 14 14"
                  aria-hidden="true"
                  focusable="false"
                >
                  <StateIcon state={state} />
                </svg>
                <span class="proc-step-state">{STATE_LABEL[state]}</span>
                <code class="proc-step-id">{step.id}</code>
                <span class="proc-step-type">
                  {humanized(step.type)}
                  {step.name && ` · ${step.name}`}
                </span>
                <span class="proc-step-times">
                  <time dateTime={step.started_at}>{formatPreciseTime(step.started_at)}</time>
                  {step.completed_at &&
                    ` · took ${formatDuration(step.started_at, step.completed_at)}`}
                </span>
              </div>
              <StepOutput step={step} state={state} />
              {step.lanes && step.lanes.length > 0 && <Lanes lanes={step.lanes} />}
            </li>
          );
        })}
      </ol>
    )}
  </section>
);

import { CodeBlock } from '../../shared/components';
import { StateIcon } from './graph/StateIcon';
import type { StepState } from './graph/stepStates';
import { STATE_LABEL, stateOfStatus } from './graph/stepStates';
import { formatDuration, formatPreciseTime, humanized } from './labels';
import type { Instance, InstanceStep } from './processApi';

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
    return <p class="proc-muted">Stopped before its end: its fork failed, or the run ended.</p>;
  return <p class="proc-muted">No output yet.</p>;
};

/** Up to this many lanes, a fork's lanes are listed open; more are folded until asked for. */
const LANES_OPEN_AT_MOST = 10;

/** A fork's lanes: each lane's steps, with their states and, at its end, its output. */
const Lanes = ({
  lanes,
  instance,
}: {
  lanes: NonNullable<InstanceStep['lanes']>;
  instance: Instance;
}) => (
  <details class="proc-lanes" open={lanes.length <= LANES_OPEN_AT_MOST}>
    <summary>
      {lanes.length} {lanes.length === 1 ? 'lane' : 'lanes'}
    </summary>
    <ol>
      {lanes.map((lane) => {
        const last = lane.steps[lane.steps.length - 1];
        return (
          <li key={lane.lane} data-lane={lane.lane}>
            <code>{lane.lane}</code>{' '}
            {lane.steps.map((step) => {
              const state = stateOfStatus(step.status, instance);
              return (
                <span key={step.id} class={`proc-lane-step state-${state}`}>
                  {step.id}: {STATE_LABEL[state]}
                  {step.error && ` (${step.error.code})`}{' '}
                </span>
              );
            })}
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
  instance,
  states,
}: {
  instance: Instance;
  states: Map<string, StepState>;
}) => (
  <section class="card proc-panel" aria-labelledby="steps-heading">
    <h2 id="steps-heading">Steps and their output</h2>
    {instance.steps.length === 0 ? (
      <p class="proc-muted">No step has started yet.</p>
    ) : (
      <ol class="proc-steps">
        {instance.steps.map((step) => {
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
              {step.lanes && step.lanes.length > 0 && (
                <Lanes lanes={step.lanes} instance={instance} />
              )}
            </li>
          );
        })}
      </ol>
    )}
  </section>
);

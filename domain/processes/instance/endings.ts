import type { InstanceEvent } from './instanceEvents.js';
import type { ExistingInstance } from './instanceState.js';

/** What every ending of an instance says of it. */
export const ending = (state: ExistingInstance, at: string) => ({
  instance_id: state.instance_id,
  merchant_id: state.merchant_id,
  definition: state.definition,
  at,
  ...(state.parent && { parent: state.parent }),
});

/** The failure of a step, which fails its instance: a failed step ends the run. */
export const failure = (
  state: ExistingInstance,
  step_id: string,
  code: string,
  message: string,
  at: string,
): InstanceEvent[] => {
  const error = { code, message, step_id };
  return [
    {
      type: 'process_instance.step_failed',
      data: { instance_id: state.instance_id, step_id, error, at },
    },
    { type: 'process_instance.failed', data: { ...ending(state, at), error } },
  ];
};

/**
 * The failure of a step that its definition handles (a `catch`, a timeout's `on_timeout`): the
 * instance goes on at `next`, the error at `steps.<id>.error`.
 */
export const handledFailure = (
  state: ExistingInstance,
  step_id: string,
  error: { code: string; message: string },
  at: string,
  next: string,
): InstanceEvent[] => [
  {
    type: 'process_instance.step_failed',
    data: { instance_id: state.instance_id, step_id, error: { ...error, step_id }, at, next },
  },
];

/**
 * The failure of a step whose executor already said what becomes of it (a call's child failed, a
 * fork's lane): a pause before the step is tried again, its catch's `next`, or the failure of its
 * line.
 */
export const decidedFailure = (
  state: ExistingInstance,
  step_id: string,
  error: { code: string; message: string },
  fate: { retry?: { until: string; attempt: number }; on_failed?: string },
  at: string,
): InstanceEvent[] => {
  if (fate.retry) {
    const { until, attempt } = fate.retry;
    return [
      {
        type: 'process_instance.step_waiting',
        data: {
          instance_id: state.instance_id,
          step_id,
          at,
          wait: { kind: 'retry', until, attempt, error },
        },
      },
    ];
  }
  return fate.on_failed === undefined
    ? failure(state, step_id, error.code, error.message, at)
    : handledFailure(state, step_id, error, at, fate.on_failed);
};

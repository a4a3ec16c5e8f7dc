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

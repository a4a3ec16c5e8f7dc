import { right } from 'fp-ts/lib/Either.js';
import { ending } from './endings.js';
import type { ExistingInstance } from './instanceState.js';
import type { CommandOf, Decision } from './stepChecks.js';
import { conflict } from './stepChecks.js';

/**
 * The ends the executor decides on an instance as a whole, once no step is in progress: failed
 * on no step (its output expression failed), or completed with its steps done.
 */
const inProgress = (state: ExistingInstance, step: { step_id: string }): Decision =>
  conflict(`Step ${step.step_id} of ${state.instance_id} is in progress.`);

export const decideInstanceFailure = (
  command: CommandOf<'fail_instance'>,
  state: ExistingInstance,
): Decision => {
  if (state.current) return inProgress(state, state.current);
  const error = { code: command.code, message: command.message, step_id: null };
  return right([
    { type: 'process_instance.failed', data: { ...ending(state, command.now), error } },
  ]);
};

export const decideInstanceCompletion = (
  command: CommandOf<'complete_instance'>,
  state: ExistingInstance,
): Decision => {
  if (state.current) return inProgress(state, state.current);
  if (state.cursor !== null) {
    return conflict(`Process instance ${state.instance_id} has steps left to run.`);
  }
  return right([
    {
      type: 'process_instance.completed',
      data: { ...ending(state, command.now), result: command.result },
    },
  ]);
};

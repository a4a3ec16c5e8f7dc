import type { Either } from 'fp-ts/lib/Either.js';
import { left } from 'fp-ts/lib/Either.js';
import type { DomainError } from '../../shared/errors.js';
import { domainError } from '../../shared/errors.js';
import type { InstanceCommand } from './instanceCommands.js';
import type { InstanceEvent, StepWait } from './instanceEvents.js';
import type { ExistingInstance } from './instanceState.js';

export type Decision = Either<DomainError, InstanceEvent[]>;

export const conflict = (detail: string): Decision => left(domainError('conflict', detail));

/** The step in progress must be this one, and (when given) wait for this. */
export const checkCurrent = (
  state: ExistingInstance,
  stepId: string,
  waitKind?: StepWait['kind'],
): DomainError | null => {
  const current = state.current;
  if (!current || current.step_id !== stepId) {
    return domainError('conflict', `Step ${stepId} of ${state.instance_id} is not in progress.`);
  }
  if (waitKind && current.wait?.kind !== waitKind) {
    return domainError(
      'conflict',
      `Step ${stepId} of ${state.instance_id} is not waiting for ${waitKind.replace('_', ' ')}.`,
    );
  }
  return null;
};

export type CommandOf<Type extends InstanceCommand['type']> = Extract<
  InstanceCommand,
  { type: Type }
>;

/** The fields every fact about a step carries. */
export const factBase = (state: ExistingInstance, now: string) => ({
  instance_id: state.instance_id,
  at: now,
});

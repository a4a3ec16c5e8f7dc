import { MAX_PAYLOAD_BYTES } from '../../events/businessEvent.js';
import type { DomainError } from '../../shared/errors.js';
import { domainError } from '../../shared/errors.js';
import type { InstanceEvent } from './instanceEvents.js';
import type { ExistingInstance } from './instanceState.js';
import { ending, failure } from './endings.js';

/** The JSON size of a value, in bytes: what the log, the read models and a webhook would carry. */
const sizeOf = (value: unknown): number =>
  value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value));

const tooLarge = (what: string, size: number) =>
  `${what} is ${size} bytes as JSON, over the ${MAX_PAYLOAD_BYTES} a payload may have.`;

/** A value a caller sends is refused when over the bound, naming its path. */
export const payloadFault = (value: unknown, path: string, what: string): DomainError | null => {
  const size = sizeOf(value);
  if (size <= MAX_PAYLOAD_BYTES) return null;
  const message = tooLarge(what, size);
  return domainError('payload_too_large', message, [{ path, message }]);
};

/** The fields of the instance's commands that carry payloads. */
type Carrying = {
  type: string;
  now: string;
  step_id?: string;
  inputs?: unknown;
  output?: unknown;
  data?: unknown;
  comment?: unknown;
  result?: unknown;
};

/**
 * Every payload an instance keeps is held to the bound of a business event's data, since each
 * may become one (a process event, an emitted event) and each is kept in the log and the read
 * models. What a caller sends is refused.
 */
export const refusedPayload = (command: Carrying): DomainError | null =>
  payloadFault(command.inputs, 'input', 'The input') ??
  payloadFault(command.data, 'data', 'The data') ??
  payloadFault(command.comment, 'comment', 'The comment');

/**
 * What a step or the definition's output made, over the bound, fails the step or the instance
 * with a code that says why, instead of writing megabytes to the log. Asked only of a command
 * the instance accepts.
 */
export const overgrownOutput = (
  command: Carrying,
  state: ExistingInstance,
): InstanceEvent[] | null => {
  const { output, result, step_id } = command;
  if (command.type === 'complete_step' && step_id !== undefined) {
    const size = sizeOf(output);
    if (size <= MAX_PAYLOAD_BYTES) return null;
    const message = tooLarge(`The output of step ${step_id}`, size);
    return failure(state, step_id, 'output_too_large', message, command.now);
  }
  if (command.type === 'complete_instance') {
    const size = sizeOf(result);
    if (size <= MAX_PAYLOAD_BYTES) return null;
    const error = {
      code: 'output_too_large',
      message: tooLarge('The output', size),
      step_id: null,
    };
    return [{ type: 'process_instance.failed', data: { ...ending(state, command.now), error } }];
  }
  return null;
};

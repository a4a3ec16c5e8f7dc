import type { Decider } from '../../domain/shared/decider.js';
import type { DomainEvent, EventMetadata } from '../../domain/shared/envelope.js';
import { orProblem } from './problem.js';
import type { Services } from '../services.js';
import type { CommandResult } from '../commands/handleCommand.js';
import { handleCommand } from '../commands/handleCommand.js';

/**
 * Handles a command for the API (see handleCommand): a refusal becomes its problem, and the answer waits (bounded) until
 * the projections have applied the new events, so that the caller's next read sees its write.
 */
export const execute = async <Command, Event extends DomainEvent, State>(
  services: Pick<Services, 'eventStore' | 'projector'>,
  decider: Decider<Command, Event, State>,
  stream: string,
  command: Command,
  metadata: EventMetadata,
): Promise<CommandResult<Event, State>> => {
  const result = orProblem(
    await handleCommand(services.eventStore, decider, stream, command, metadata),
  );
  await services.projector.caughtUp(result.position);
  return result;
};

import type { Decider } from '../../domain/shared/decider.js';
import type { DomainEvent, EventMetadata } from '../../domain/shared/envelope.js';
import { orProblem } from './problem.js';
import { allProjections } from '../../projections/index.js';
import { readersOf } from '../projector/readers.js';
import type { Services } from '../services.js';
import type { CommandResult } from '../commands/handleCommand.js';
import { handleCommand } from '../commands/handleCommand.js';

/**
 * Handles a command for the API (see handleCommand): the answer waits (bounded) until the read
 * models that read its events have applied them, so that the caller's next read sees its write.
 * A refusal becomes its problem.
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
  await services.projector.caughtUp(
    result.position,
    undefined,
    readersOf(allProjections, result.events),
  );
  return result;
};

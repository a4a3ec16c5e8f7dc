import { randomUUID } from 'node:crypto';
import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { Decider } from '../../domain/shared/decider.js';
import type {
  DomainEvent,
  EventMetadata,
  Position,
  RecordedEvent,
} from '../../domain/shared/envelope.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { domainError } from '../../domain/shared/errors.js';
import type { EventStore, ExpectedRevision } from '../../adapters/eventstore/port.js';

export type CommandResult<Event extends DomainEvent, State> = {
  state: State;
  /** The events this command appended: none when the decider found nothing to change. */
  events: RecordedEvent<Event>[];
  /** Where the last appended event sits in the log, to wait for projections to reach it. */
  position: Position | undefined;
};

/** How a stream stood when its caller last saw it: its state, and the revision of its last event. */
export type KnownStream<State> = { state: State; revision: number };

const current = async <Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  stream: string,
): Promise<{ state: State; expected: ExpectedRevision }> => {
  const past = (await store.readStream(stream)) as RecordedEvent<Event>[];
  return {
    state: past.reduce(decider.evolve, decider.initialState()),
    expected: past.length === 0 ? 'no_stream' : past[past.length - 1]!.revision,
  };
};

/**
 * Reads the aggregate's stream, decides, and appends with the revision it read. A concurrent
 * writer makes the append fail with a conflict; the handler then reads and decides again, so
 * the decision is always taken on the state it is appended after.
 */
export const handleCommand = async <Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  stream: string,
  command: Command,
  metadata: EventMetadata,
  options: { maxAttempts?: number; expectNew?: boolean; known?: KnownStream<State> } = {},
): Promise<Either<DomainError, CommandResult<Event, State>>> => {
  const maxAttempts = options.maxAttempts ?? 5;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    // A caller that expects the stream not to exist yet, or knows how it stands, skips the read on
    // the first try: the append's revision check confirms it, and a conflict sends it down the
    // usual path.
    const { state, expected } =
      attempt === 1 && options.known
        ? { state: options.known.state, expected: options.known.revision }
        : attempt === 1 && options.expectNew
          ? { state: decider.initialState(), expected: 'no_stream' as const }
          : await current(store, decider, stream);
    const decision = decider.decide(command, state);
    if (isLeft(decision)) return decision;
    if (decision.right.length === 0) return right({ state, events: [], position: undefined });

    const appended = await store.append(
      stream,
      // Field by field: a literal that spreads the event builds its shape at run time.
      decision.right.map((event) => ({
        type: event.type,
        data: event.data,
        id: randomUUID(),
        metadata,
      })),
      expected,
    );
    if (isLeft(appended)) continue;
    const events = appended.right.events as RecordedEvent<Event>[];
    return right({
      state: events.reduce(decider.evolve, state),
      events,
      position: appended.right.position,
    });
  }
  return left(domainError('conflict', `${stream} kept changing; try again.`));
};

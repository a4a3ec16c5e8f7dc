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

/**
 * How a stream stood when its caller last saw it: its state, and the revision of its last event
 * (-1: none).
 */
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

/** Decides each command in turn on the state the ones before it left; one refusal refuses all. */
const decideAll = <Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  commands: readonly Command[],
  state: State,
): Either<DomainError, Event[]> => {
  const events: Event[] = [];
  let now = state;
  for (const command of commands) {
    const decision = decider.decide(command, now);
    if (isLeft(decision)) return decision;
    for (const event of decision.right) now = decider.evolve(now, event);
    events.push(...decision.right);
  }
  return right(events);
};

export type HandleOptions<State> = {
  /** Reads and decisions after a conflict (default 5); 1 leaves the conflict to the caller. */
  maxAttempts?: number;
  /** The stream is most likely new: the first try does not read it. */
  expectNew?: boolean;
  /** How the caller saw the stream: the first try decides on that rather than reading it. */
  known?: KnownStream<State>;
};

/**
 * The one way a command runs: reads the aggregate's stream, decides, and appends with the
 * revision it read. Several commands are decided one after the other and appended together, in
 * one write. A concurrent writer makes the append fail with a conflict; the handler then reads
 * and decides again, so the decision is always taken on the state it is appended after.
 */
export const handleCommand = async <Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  stream: string,
  command: Command | readonly Command[],
  metadata: EventMetadata,
  options: HandleOptions<State> = {},
): Promise<Either<DomainError, CommandResult<Event, State>>> => {
  const commands: readonly Command[] = Array.isArray(command) ? command : [command as Command];
  const maxAttempts = options.maxAttempts ?? 5;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    // A caller that expects the stream not to exist yet, or knows how it stands, skips the read on
    // the first try: the append's revision check confirms it, and a conflict sends it down the
    // usual path.
    const { state, expected } =
      attempt === 1 && options.known
        ? { state: options.known.state, expected: knownRevision(options.known) }
        : attempt === 1 && options.expectNew
          ? { state: decider.initialState(), expected: 'no_stream' as const }
          : await current(store, decider, stream);
    const decision = decideAll(decider, commands, state);
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

/** A stream known to hold no event yet (revision -1) is expected not to exist. */
const knownRevision = (known: KnownStream<unknown>): ExpectedRevision =>
  known.revision < 0 ? 'no_stream' : known.revision;

import { left, right } from 'fp-ts/lib/Either.js';
import { canonicalJson } from '../shared/canonicalJson.js';
import type { Decider } from '../shared/decider.js';
import type { DomainEvent } from '../shared/envelope.js';
import type { FieldFault } from '../shared/errors.js';
import { domainError } from '../shared/errors.js';
import type { EventTypeEntry } from './eventCatalog.js';
import { OPEN_SCHEMA, builtInEntry, platformNameFault } from './eventCatalog.js';
import {
  PLATFORM_FAMILY,
  checkSchemaAndExamples,
  descriptionFaults,
  exampleBoundFaults,
  familyFaults,
} from './eventTypeRules.js';

/**
 * The catalog's changes live in one stream: registrations are rare admin acts, and one stream lets
 * every process learn them all by reading it forward from the last revision it saw.
 */
export const EVENT_TYPES_STREAM = 'event_types';

type Data = Record<string, unknown>;

export type EventTypeRegistered = DomainEvent<
  'event_type.registered',
  {
    name: string;
    family: string;
    description: string;
    deliverable: boolean;
    schema: Data;
    examples: Data[];
    registered_at: string;
  }
>;
/** Only what changed is recorded, with the version it leaves the type at. */
export type EventTypeUpdated = DomainEvent<
  'event_type.updated',
  {
    name: string;
    version: number;
    updated_at: string;
    description?: string;
    schema?: Data;
    examples?: Data[];
    deprecated?: boolean;
  }
>;
export type EventTypeEvent = EventTypeRegistered | EventTypeUpdated;

export type RegisterEventType = {
  type: 'register_event_type';
  name: string;
  description: string;
  family?: string;
  schema?: Data;
  examples?: Data[];
  deliverable?: boolean;
  now: string;
};
export type UpdateEventType = {
  type: 'update_event_type';
  name: string;
  description?: string;
  schema?: Data;
  examples?: Data[];
  deprecated?: boolean;
  now: string;
};
export type EventTypeCommand = RegisterEventType | UpdateEventType;

/** The types the log changed: registered ones, and built-in ones an admin updated. */
export type CatalogState = { changed: ReadonlyMap<string, EventTypeEntry> };

/** A type as it stands: as changed in the log, else as built in; undefined when there is none. */
export const entryOf = (state: CatalogState, name: string): EventTypeEntry | undefined =>
  state.changed.get(name) ?? builtInEntry(name);

const invalid = (faults: FieldFault[]) =>
  domainError('validation_failed', 'The event type is not valid.', faults);

const invalidSchema = (faults: FieldFault[]) =>
  domainError('invalid_schema', 'The schema or an example is not valid.', faults);

const register = (command: RegisterEventType, state: CatalogState) => {
  const { name } = command;
  if (entryOf(state, name)) return left(domainError('conflict', `The event type ${name} exists.`));
  const nameFault = platformNameFault(name);
  const family = command.family ?? PLATFORM_FAMILY;
  const faults = [
    ...(nameFault ? [{ path: 'name', message: nameFault }] : []),
    ...descriptionFaults(command.description),
    ...familyFaults(family),
    ...exampleBoundFaults(command.examples ?? []),
  ];
  if (faults.length > 0) return left(invalid(faults));
  const deliverable = command.deliverable ?? true;
  const schema = command.schema ?? { ...OPEN_SCHEMA };
  const checked = checkSchemaAndExamples(schema, command.examples, 'derive', deliverable);
  if (checked.faults.length > 0) return left(invalidSchema(checked.faults));
  const registered: EventTypeRegistered = {
    type: 'event_type.registered',
    data: {
      name,
      family,
      description: command.description,
      deliverable,
      schema,
      examples: checked.examples,
      registered_at: command.now,
    },
  };
  return right([registered]);
};

const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

const update = (command: UpdateEventType, state: CatalogState) => {
  const current = entryOf(state, command.name);
  if (!current) return left(domainError('not_found', `No event type ${command.name}.`));
  const { description, schema, examples, deprecated } = command;
  const faults = [
    ...(description === undefined ? [] : descriptionFaults(description)),
    ...exampleBoundFaults(examples ?? []),
  ];
  if (faults.length > 0) return left(invalid(faults));
  const schemaChanged = schema !== undefined && !same(schema, current.schema);
  if (schemaChanged || examples !== undefined) {
    const checked = checkSchemaAndExamples(
      schema ?? current.schema,
      examples,
      current.examples,
      current.deliverable,
    );
    if (checked.faults.length > 0) return left(invalidSchema(checked.faults));
  }
  const changes = {
    ...(description !== undefined && description !== current.description && { description }),
    ...(schemaChanged && { schema }),
    ...(examples !== undefined && !same(examples, current.examples) && { examples }),
    ...(deprecated !== undefined && deprecated !== current.deprecated && { deprecated }),
  };
  if (Object.keys(changes).length === 0) return right([]);
  const updated: EventTypeUpdated = {
    type: 'event_type.updated',
    data: {
      name: command.name,
      // A new schema is a new version of the type: receivers may tell them apart.
      version: current.version + (schemaChanged ? 1 : 0),
      updated_at: command.now,
      ...changes,
    },
  };
  return right([updated]);
};

/**
 * A type's entry after one of its events, from the entry before it (built in, or none). An update
 * of a type without an entry (a built-in type a later release dropped) changes nothing.
 */
export const applyEventTypeEvent = (
  before: EventTypeEntry | undefined,
  event: EventTypeEvent,
): EventTypeEntry | undefined => {
  if (event.type === 'event_type.registered') {
    const { registered_at, ...declared } = event.data;
    return { ...declared, version: 1, deprecated: false, updated_at: registered_at };
  }
  const { name: _name, ...changes } = event.data;
  return before && { ...before, ...changes };
};

export const eventTypeDecider: Decider<EventTypeCommand, EventTypeEvent, CatalogState> = {
  initialState: () => ({ changed: new Map() }),
  evolve: (state, event) => {
    const after = applyEventTypeEvent(entryOf(state, event.data.name), event);
    if (!after) return state;
    const changed = new Map(state.changed);
    changed.set(event.data.name, after);
    return { changed };
  },
  decide: (command, state) =>
    command.type === 'register_event_type' ? register(command, state) : update(command, state),
};

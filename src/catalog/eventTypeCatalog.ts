import type { CheckableSchema } from '../../domain/processes/definition/checkableSchema.js';
import { MAX_FAULTS, checkValue } from '../processes/schemaChecks.js';
import type { Either } from 'fp-ts/lib/Either.js';
import { isLeft, left, right } from 'fp-ts/lib/Either.js';
import type { EventStore } from '../../adapters/eventstore/port.js';
import { compileDataSchema, faultOf } from '../../domain/catalog/dataSchema.js';
import type { EventTypeEntry, KnownTypes } from '../../domain/catalog/eventCatalog.js';
import {
  isBuiltInType,
  isExtensionType,
  isPlatformTypeName,
} from '../../domain/catalog/eventCatalog.js';
import type { CatalogOptions } from './catalogStream.js';
import { followCatalog } from './catalogStream.js';
import type {
  CatalogState,
  EventTypeCommand,
  EventTypeEvent,
} from '../../domain/catalog/eventTypeDecider.js';
import {
  EVENT_TYPES_STREAM,
  entryOf,
  eventTypeDecider,
} from '../../domain/catalog/eventTypeDecider.js';
import { MAX_PAYLOAD_BYTES } from '../../domain/events/businessEvent.js';
import type { EventMetadata } from '../../domain/shared/envelope.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { domainError } from '../../domain/shared/errors.js';
import type { CommandResult } from '../commands/handleCommand.js';
import { handleCommand } from '../commands/handleCommand.js';

/**
 * The catalog as the write side knows it, for checks that must not wait for a read model: that a
 * published event's type exists and its data matches the type's schema, and what an endpoint's
 * `filter_types` may name. Each process folds the catalog's stream in memory. It reads the stream
 * forward from the last revision it saw at most once a second, and at once when asked about a name
 * it does not know, so a type registered through another process is known at its first mention and
 * a schema changed there is enforced here within about a second; a change made through this
 * process is known here at once.
 */
export type EventTypeCatalog = {
  /** The type as it stands; undefined when there is none of that name. */
  entry: (name: string) => Promise<EventTypeEntry | undefined>;
  /**
   * May an API caller publish this event? Its type is built in, registered or `extension.*`, and
   * its data matches the type's current schema (`extension.*` data: any object).
   */
  checkPublication: (
    type: string,
    data: Record<string, unknown>,
    /** On whose behalf the data is checked, in whose turn should it need an evaluator. */
    merchantId: string,
  ) => Promise<Either<DomainError, void>>;
  /** The facts of the named types that exist, for an endpoint command's `filter_types`. */
  knownTypes: (names: readonly string[]) => Promise<KnownTypes>;
  /** Registers or updates a type: decided on the catalog as it stands, known here at once. */
  change: (
    command: EventTypeCommand,
    metadata: EventMetadata,
  ) => Promise<Either<DomainError, CommandResult<EventTypeEvent, CatalogState>>>;
};

export const eventTypeCatalog = (
  eventStore: EventStore,
  options: CatalogOptions = {},
): EventTypeCatalog => {
  const catalog = followCatalog(eventStore, options);

  const schemas = new Map<string, { version: number; schema: CheckableSchema }>();
  /** A type's compiled schema, kept per name and version: compiling costs milliseconds. */
  const schemaOf = (entry: EventTypeEntry): CheckableSchema => {
    const kept = schemas.get(entry.name);
    if (kept?.version === entry.version) return kept.schema;
    const schema = compileDataSchema(entry.schema);
    schemas.set(entry.name, { version: entry.version, schema });
    return schema;
  };

  const checkPublication = async (
    type: string,
    data: Record<string, unknown>,
    merchantId: string,
  ) => {
    if (isExtensionType(type)) return right(undefined);
    const entry =
      isBuiltInType(type) || isPlatformTypeName(type)
        ? entryOf(await catalog.current([type]), type)
        : undefined;
    if (!entry) {
      return left(
        domainError('unknown_event_type', `${type} is not in the event catalog.`, [
          { path: 'type', message: 'must be a type of the catalog or extension.*' },
        ]),
      );
    }
    // Data over the bound is refused as too large when published; checking it would only cost.
    if (Buffer.byteLength(JSON.stringify(data)) > MAX_PAYLOAD_BYTES) return right(undefined);
    const faults = (await checkValue(merchantId, schemaOf(entry), data))
      .slice(0, MAX_FAULTS)
      .map((fault) => faultOf(fault, 'data'));
    if (faults.length === 0) return right(undefined);
    return left(
      domainError(
        'event_data_invalid',
        `The data does not match the schema of ${type} (version ${entry.version}).`,
        faults,
      ),
    );
  };

  const knownTypes = async (names: readonly string[]): Promise<KnownTypes> => {
    const state = await catalog.current(names);
    const facts = new Map<string, { deliverable: boolean; deprecated: boolean }>();
    for (const name of names) {
      const entry = entryOf(state, name);
      if (entry) facts.set(name, { deliverable: entry.deliverable, deprecated: entry.deprecated });
    }
    return facts;
  };

  const change = async (command: EventTypeCommand, metadata: EventMetadata) => {
    // Decided on the stream as it stands: a concurrent change elsewhere makes the append conflict,
    // and the handler reads it whole and decides again.
    const known = await catalog.readNow();
    const result = await handleCommand(
      eventStore,
      eventTypeDecider,
      EVENT_TYPES_STREAM,
      command,
      metadata,
      { known },
    );
    if (isLeft(result)) return result;
    const last = result.right.events[result.right.events.length - 1];
    if (last) catalog.learn({ state: result.right.state, revision: last.revision });
    return result;
  };

  return {
    entry: async (name) => entryOf(await catalog.current([name]), name),
    checkPublication,
    knownTypes,
    change,
  };
};

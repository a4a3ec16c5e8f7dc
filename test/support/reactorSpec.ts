import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { EventStore } from '../../adapters/eventstore/port.js';
import { sqliteEventStore } from '../../adapters/eventstore/sqlite/sqliteEventStore.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import { sqliteReadStore } from '../../adapters/readstore/sqlite/sqliteReadStore.js';
import type { SqliteDatabase } from '../../adapters/sqlite/database.js';
import { openSqlite } from '../../adapters/sqlite/database.js';
import type { DomainEvent, EventMetadata, RecordedEvent } from '../../domain/shared/envelope.js';
import { emptyMetadata } from '../../domain/shared/envelope.js';
import { allProjections } from '../../projections/index.js';
import { webhookBodies } from '../../src/delivery/webhookBodies.js';
import { silentLogger } from '../../src/logging/logger.js';
import type { Processor } from '../../src/processing/processor.js';
import type { Projector } from '../../src/projector/projector.js';
import { startProjector } from '../../src/projector/projector.js';
import { tempDir } from './tempDir.js';

/** What a reactor gets to run on in a spec: the real embedded stores, projected inline. */
export type ReactorWorld = {
  eventStore: EventStore;
  readStore: ReadStore;
  projector: Projector;
  logger: ReturnType<typeof silentLogger>;
  now: () => Date;
  webhookBodies: ReturnType<typeof webhookBodies>;
};

export type ReactorSpec = {
  world: ReactorWorld;
  /** Appends events to their streams, as the log would hold them before the reaction. */
  given: (
    stream: string,
    events: readonly DomainEvent[],
    metadata?: Partial<EventMetadata>,
  ) => Promise<RecordedEvent[]>;
  /**
   * Hands the events to the reactor as the feed would, and answers what it appended in reaction
   * (the events the log gained meanwhile), in log order.
   */
  when: (events: readonly RecordedEvent[]) => Promise<RecordedEvent[]>;
  close: () => Promise<void>;
};

/** given(events in the log).when(events handed over).then(events appended), on real stores. */
export const reactorSpec = async (
  reactor: (world: ReactorWorld) => Processor,
): Promise<ReactorSpec> => {
  const dir = tempDir();
  const db: SqliteDatabase = openSqlite({ file: join(dir.path, 'sluice.db') });
  const eventStore = sqliteEventStore(db);
  const readStore = sqliteReadStore(db);
  const logger = silentLogger();
  const projector = await startProjector(eventStore, readStore, allProjections, logger, {
    inline: true,
  });
  const world: ReactorWorld = {
    eventStore,
    readStore,
    projector,
    logger,
    now: () => new Date('2026-03-01T12:00:00.000Z'),
    webhookBodies: webhookBodies(),
  };
  const processor = reactor(world);
  return {
    world,
    given: async (stream, events, metadata = {}) => {
      const appended = await eventStore.append(
        stream,
        events.map((event) => ({
          ...event,
          id: randomUUID(),
          metadata: { ...emptyMetadata(), ...metadata },
        })),
        'any',
      );
      if (isLeft(appended)) throw new Error(`append to ${stream} refused`);
      expect(await projector.caughtUp(appended.right.position)).to.equal(true);
      return appended.right.events;
    },
    when: async (events) => {
      const head = await eventStore.headPosition();
      await processor.handle(events, { scannedTo: events[events.length - 1]!.position });
      const page = await eventStore.readAll({ ...(head && { after: head }), limit: 1000 });
      return page.events;
    },
    close: async () => {
      await projector.stop();
      await eventStore.close();
      db.close();
      dir.remove();
    },
  };
};

import { expect } from 'chai';
import { isRight } from 'fp-ts/lib/Either.js';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import type { SqliteDatabase } from '../../../adapters/sqlite/database.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import type { NewEvent, RecordedEvent } from '../../../domain/shared/envelope.js';
import { dataKeys } from '../../../src/payloads/dataKeys.js';
import { isSealed } from '../../../src/payloads/payloadCipher.js';
import { sealingEventStore } from '../../../src/payloads/sealingEventStore.js';
import { openEvents } from '../../../src/payloads/sealedEvents.js';
import type { KeysFolder } from './payloadFixtures.js';
import { MARKER, attemptEvent, businessEvent, keysFolder } from './payloadFixtures.js';

const NOW = new Date('2026-01-01T10:00:00.000Z');
const BUSINESS_STREAM = 'event-evt_1';
const DELIVERY_STREAM = 'delivery-evt_1-ep_1';

/** What a reader cares about: where an event is and what it says. */
const contentOf = (events: readonly RecordedEvent[]) =>
  events.map(({ stream, type, data }) => ({ stream, type, data }));

describe('The sealing event store over the SQLite log', () => {
  let folder: KeysFolder;
  let db: SqliteDatabase;
  let raw: EventStore;
  const business = businessEvent('m_1', 'evt_1');
  const attempt = attemptEvent('m_1', `answer: ${MARKER}`);
  const expected = [
    { stream: BUSINESS_STREAM, type: business.type, data: business.data },
    { stream: DELIVERY_STREAM, type: attempt.type, data: attempt.data },
  ];

  beforeEach(() => {
    folder = keysFolder();
    db = openSqlite({ file: join(folder.path, 'sluice.db') });
    raw = sqliteEventStore(db);
  });
  afterEach(async () => {
    await raw.close();
    db.close();
    await folder.close();
  });

  const sealing = (seal: boolean) =>
    sealingEventStore(raw, dataKeys(folder.store, folder.master), { seal, now: () => NOW });

  const appendBoth = async (store: EventStore) => {
    const appended: RecordedEvent[] = [];
    for (const [stream, event] of [
      [BUSINESS_STREAM, business],
      [DELIVERY_STREAM, attempt],
    ] as Array<[string, NewEvent]>) {
      const result = await store.append(stream, [event], 'no_stream');
      if (!isRight(result)) throw new Error(`append to ${stream} refused`);
      appended.push(...result.right.events);
    }
    return appended;
  };

  it('answers an append with the events as given, and reads them back opened', async () => {
    const store = sealing(true);
    expect(contentOf(await appendBoth(store))).to.deep.equal(expected);

    // Business events opened; attempts' answers left sealed (opened by the audit log alone).
    const [readAttempt] = await store.readStream(DELIVERY_STREAM);
    const sealedAnswer = contentOf([readAttempt!])[0]!;
    expect(contentOf(await store.readStream(BUSINESS_STREAM))).to.deep.equal([expected[0]]);
    expect((readAttempt!.data as Record<string, unknown>).response_body).to.equal(null);
    expect(contentOf((await store.readAll({ limit: 10 })).events)).to.deep.equal([
      expected[0],
      sealedAnswer,
    ]);
    const keys = dataKeys(folder.store, folder.master);
    expect(contentOf(await openEvents(keys, [readAttempt!], { attempts: true }))).to.deep.equal([
      expected[1],
    ]);
  });

  it('leaves only sealed payloads in the log, its rows and its files', async () => {
    await appendBoth(sealing(true));

    const [storedBusiness] = await raw.readStream(BUSINESS_STREAM);
    const [storedAttempt] = await raw.readStream(DELIVERY_STREAM);
    expect(isSealed((storedBusiness!.data as { data: unknown }).data)).to.equal(true);
    expect(storedAttempt!.data).to.include({ response_body: null });
    expect(
      isSealed((storedAttempt!.data as Record<string, unknown>).sealed_response_body),
    ).to.equal(true);
    expect(JSON.stringify((await raw.readAll({ limit: 10 })).events)).to.not.include(MARKER);

    const files = readdirSync(folder.path);
    expect(files).to.include('sluice.db');
    for (const name of files)
      expect(readFileSync(join(folder.path, name)).includes(MARKER), name).to.equal(false);
  });

  it('hands a subscriber the events opened', async () => {
    const store = sealing(true);
    const appended = await appendBoth(store);
    const heard: RecordedEvent[] = [];
    const subscription = store.subscribe({}, (events) => {
      heard.push(...events);
      return Promise.resolve();
    });
    await subscription.reached(appended[1]!.position);
    await subscription.stop();
    expect(contentOf(heard.slice(0, 1))).to.deep.equal([expected[0]]);
    expect((heard[1]!.data as Record<string, unknown>).response_body).to.equal(null);
  });

  it('keeps payloads as given when sealing is off, and still reads them', async () => {
    const store = sealing(false);
    await appendBoth(store);
    expect(contentOf((await raw.readAll({ limit: 10 })).events)).to.deep.equal(expected);
    expect(contentOf((await store.readAll({ limit: 10 })).events)).to.deep.equal(expected);
  });
});

import { expect } from 'chai';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { join } from 'node:path';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import type { SqliteDatabase } from '../../../adapters/sqlite/database.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import type { EventTypeCommand } from '../../../domain/catalog/eventTypeDecider.js';
import { emptyMetadata } from '../../../domain/shared/envelope.js';
import type { EventTypeCatalog } from '../../../src/catalog/eventTypeCatalog.js';
import { eventTypeCatalog } from '../../../src/catalog/eventTypeCatalog.js';
import { tempDir } from '../../support/tempDir.js';

const NOW = '2026-05-01T10:00:00.000Z';
const strict = {
  type: 'object',
  required: ['shipment_id'],
  properties: { shipment_id: { type: 'string' } },
};

/**
 * Two catalogs on one log stand for two API processes on one database: each folds the stream on
 * its own, with its own clock, and counts the reads it makes of the stream.
 */
describe('the event type catalog of each process', () => {
  let db: SqliteDatabase;
  let dir: ReturnType<typeof tempDir>;
  let store: EventStore;
  let reads: number;
  let time: number;
  let here: EventTypeCatalog;
  let there: EventTypeCatalog;

  beforeEach(() => {
    dir = tempDir();
    db = openSqlite({ file: join(dir.path, 'sluice.db') });
    const inner = sqliteEventStore(db);
    reads = 0;
    store = {
      ...inner,
      readStream: (stream, options) => {
        reads++;
        return inner.readStream(stream, options);
      },
    };
    time = 0;
    here = eventTypeCatalog(store, { clock: () => time });
    there = eventTypeCatalog(store, { clock: () => time });
  });
  afterEach(() => {
    db.close();
    dir.remove();
  });

  const change = async (catalog: EventTypeCatalog, command: EventTypeCommand) => {
    const result = await catalog.change(command, emptyMetadata());
    if (isLeft(result)) expect.fail(`${result.left.code}: ${result.left.detail}`);
  };
  const registerShipment = (catalog: EventTypeCatalog) =>
    change(catalog, {
      type: 'register_event_type',
      name: 'shipment.dispatched',
      description: 'A shipment left the warehouse.',
      now: NOW,
    });
  const tighten = (catalog: EventTypeCatalog) =>
    change(catalog, {
      type: 'update_event_type',
      name: 'shipment.dispatched',
      schema: strict,
      examples: [{ shipment_id: 'shp_1' }],
      now: NOW,
    });
  const codeOf = async (catalog: EventTypeCatalog, type: string, data = {}) => {
    const checked = await catalog.checkPublication(type, data, 'mer_acme');
    return isLeft(checked) ? checked.left.code : 'accepted';
  };

  it('knows a type registered through another process at its first mention', async () => {
    expect(await codeOf(there, 'order.created')).to.equal('accepted');
    expect(await codeOf(there, 'shipment.dispatched')).to.equal('unknown_event_type');
    await registerShipment(here);
    // Well within the second: the unknown name itself makes it read on.
    expect(await codeOf(there, 'shipment.dispatched')).to.equal('accepted');
    expect((await there.entry('shipment.dispatched'))?.version).to.equal(1);
    const facts = await there.knownTypes(['shipment.dispatched', 'nothing.here', 'extension.a']);
    expect([...facts]).to.deep.equal([
      ['shipment.dispatched', { deliverable: true, deprecated: false }],
    ]);
  });

  it('enforces a new schema at once where it was changed, and within a second elsewhere', async () => {
    await registerShipment(here);
    expect(await codeOf(there, 'shipment.dispatched')).to.equal('accepted');
    await tighten(here);
    expect(await codeOf(here, 'shipment.dispatched')).to.equal('event_data_invalid');
    // The other process checked its catalog less than a second ago: the old schema still holds.
    time += 500;
    expect(await codeOf(there, 'shipment.dispatched')).to.equal('accepted');
    time += 500;
    const refused = await there.checkPublication(
      'shipment.dispatched',
      { weight_g: 1 },
      'mer_acme',
    );
    if (!isLeft(refused)) return expect.fail('accepted');
    expect(refused.left.code).to.equal('event_data_invalid');
    expect(refused.left.errors).to.deep.equal([
      { path: 'data.shipment_id', message: 'is required' },
    ]);
    expect(await codeOf(there, 'shipment.dispatched', { shipment_id: 'shp_9' })).to.equal(
      'accepted',
    );
  });

  it('reads the log at most once a second while publications go on', async () => {
    await registerShipment(here);
    await codeOf(here, 'order.created');
    const before = reads;
    for (let i = 0; i < 200; i++) {
      time += 4;
      expect(await codeOf(here, i % 2 ? 'order.created' : 'shipment.dispatched')).to.equal(
        'accepted',
      );
      expect(await codeOf(here, 'extension.sync.started')).to.equal('accepted');
    }
    // 800 ms of publications: no read at all; then one read for the next second.
    expect(reads - before).to.equal(0);
    time += 200;
    await codeOf(here, 'order.created');
    await codeOf(here, 'order.created');
    expect(reads - before).to.equal(1);
  });

  it('refuses names no type may have without reading the log', async () => {
    await codeOf(here, 'order.created');
    const before = reads;
    for (const type of ['process.custom', 'Order.created', 'webhook.other', 'order']) {
      expect(await codeOf(here, type), type).to.equal('unknown_event_type');
    }
    expect(reads).to.equal(before);
  });

  it('decides a change on the log as it stands, whichever process saw what', async () => {
    await codeOf(there, 'order.created');
    await registerShipment(here);
    // `there` has not read the registration: it must not register the name a second time.
    const again = await there.change(
      {
        type: 'register_event_type',
        name: 'shipment.dispatched',
        description: 'Again.',
        now: NOW,
      },
      emptyMetadata(),
    );
    expect(isLeft(again) && again.left.code).to.equal('conflict');
    await tighten(there);
    expect(await codeOf(there, 'shipment.dispatched')).to.equal('event_data_invalid');
    const entry = await here.entry('shipment.dispatched');
    expect(entry?.version).to.equal(1);
    time += 1000;
    expect((await here.entry('shipment.dispatched'))?.version).to.equal(2);
    expect(
      isRight(await here.checkPublication('shipment.dispatched', { shipment_id: 'a' }, 'mer_acme')),
    ).to.equal(true);
  });
});

import { expect } from 'chai';
import { join } from 'node:path';
import { sqliteReadStore } from '../../../adapters/readstore/sqlite/sqliteReadStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { position } from '../../../domain/shared/envelope.js';
import type { DueDoc } from '../../../projections/deliveries.js';
import { DELIVERIES_DUE, deliveriesProjection } from '../../../projections/deliveries.js';
import { dueQueue } from '../../../src/delivery/dueQueue.js';
import { tempDir } from '../../support/tempDir.js';

const NOW = Date.UTC(2026, 10, 25, 12);
const FIFO = 'we_fifo';

const dueDoc = (line: number, dueAtMs: number): DueDoc => ({
  id: `delivery-evt_${line}-${FIFO}`,
  event_id: `evt_${line}`,
  endpoint_id: FIFO,
  due_at_ms: dueAtMs,
  round: 1,
  line,
});

describe('delivery: a FIFO endpoint’s line in the due queue', () => {
  it('offers only the head of the line, only when it is due, and only with nothing in flight', async () => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'queue.db') });
    const store = sqliteReadStore(db);
    await store.registerProjection(deliveriesProjection.name, deliveriesProjection.collections);
    let at = 0;
    const apply = (changes: Parameters<typeof store.apply>[2]) =>
      store.apply(deliveriesProjection.name, { kind: 'live' }, changes, position(++at));
    try {
      // Due first by time but last in line, and a head waiting for its retry.
      const docs = [dueDoc(30, NOW - 5_000), dueDoc(10, NOW + 1_000), dueDoc(20, NOW - 1_000)];
      await apply(docs.map((doc) => ({ op: 'put' as const, collection: DELIVERIES_DUE, doc })));
      const queue = dueQueue(store);
      await queue.resync();

      const inFlight: DueDoc[] = [];
      const sent: number[] = [];
      const round = (now: number) =>
        queue.drain({
          now,
          inFlightOf: () => inFlight.map((due) => due.id),
          full: () => false,
          start: (due, fifo) => {
            if (!fifo) return Promise.resolve({ fifo: true });
            inFlight.push(due);
            sent.push(due.line!);
            return Promise.resolve(true as const);
          },
        });
      const settle = async () => {
        const due = inFlight.shift()!;
        await apply([{ op: 'delete', collection: DELIVERIES_DUE, id: due.id }]);
        queue.settled(due.endpoint_id);
      };

      await round(NOW);
      expect(sent, 'the head waits for its retry; nothing behind it goes').to.deep.equal([]);
      expect(queue.nextLookAt()).to.equal(NOW + 1_000);

      await round(NOW + 1_000);
      await round(NOW + 1_001);
      expect(sent, 'one at a time').to.deep.equal([10]);
      await settle();
      await round(NOW + 1_002);
      await round(NOW + 1_003);
      expect(sent).to.deep.equal([10, 20]);
      await settle();
      await round(NOW + 1_004);
      await settle();
      await round(NOW + 1_005);
      expect(sent).to.deep.equal([10, 20, 30]);
      expect(queue.size().endpoints).to.equal(0);
    } finally {
      db.close();
      dir.remove();
    }
  });
});

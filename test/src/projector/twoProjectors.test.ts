import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { postgresEventStore } from '../../../adapters/eventstore/postgres/postgresEventStore.js';
import { postgresReadStore } from '../../../adapters/readstore/postgres/postgresReadStore.js';
import type { Projection } from '../../../projections/projection.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { startProjector } from '../../../src/projector/projector.js';
import { newEvent } from '../../support/events.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';

/** Counts every tick with an increment: applied twice, an event would be counted twice. */
const ticks: Projection = {
  name: 'ticks',
  collections: [{ name: 'tick_counts', indexes: [] }],
  filter: { typePrefixes: ['tick.'] },
  project: () => [
    { op: 'patch', collection: 'tick_counts', id: 'all', inc: { n: 1 }, setOnInsert: { n: 0 } },
  ],
};

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('two projectors writing one projection', NO_POSTGRES);
} else {
  describe('two projectors writing one projection (one paused past its lease, say)', function () {
    this.timeout(30_000);

    it('applies each event once: a batch another already applied part of is refused and taken up after it', async () => {
      const db = await freshSchema();
      const events = await postgresEventStore(db);
      const reads = await postgresReadStore(db);
      const first = await startProjector(events, reads, [ticks], silentLogger());
      const second = await startProjector(events, reads, [ticks], silentLogger());
      try {
        const total = 300;
        for (let i = 0; i < total; i++) {
          const appended = await events.append(`tick-${i % 7}`, [newEvent('tick.happened')], 'any');
          if (isLeft(appended)) throw new Error('append refused');
        }
        const head = await events.headPosition();
        expect(await first.caughtUp(head, 20_000)).to.equal(true);
        expect(await second.caughtUp(head, 20_000)).to.equal(true);
        expect((await reads.get('tick_counts', 'all'))!.n).to.equal(total);
      } finally {
        await first.stop();
        await second.stop();
        await events.close();
        await db.drop();
      }
    });
  });
}

import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { join } from 'node:path';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import type { ReadStore } from '../../../adapters/readstore/port.js';
import { sqliteReadStore } from '../../../adapters/readstore/sqlite/sqliteReadStore.js';
import type { SqliteDatabase } from '../../../adapters/sqlite/database.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import type { Position } from '../../../domain/shared/envelope.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { startProjector } from '../../../src/projector/projector.js';
import type { Projection } from '../../../projections/projection.js';
import { countingProjection } from '../../support/countingProjection.js';
import { newEvent } from '../../support/events.js';
import { tempDir } from '../../support/tempDir.js';

const countsOf = async (store: ReadStore) => {
  const page = await store.find('stream_counts', {
    orderBy: { field: 'total', direction: 'asc' },
    limit: 100,
  });
  return Object.fromEntries(page.docs.map((d) => [d.id, d.total]));
};

for (const inline of [false, true])
  describe(`projector (${inline ? 'applied inside appends' : 'following the log'})`, () => {
    let dir: ReturnType<typeof tempDir>;
    let file: string;
    let db: SqliteDatabase;
    let events: EventStore;
    let reads: ReadStore;

    const append = async (stream: string, n: number, type = 'count.tick'): Promise<Position> => {
      const result = await events.append(
        stream,
        Array.from({ length: n }, () => newEvent(type)),
        'any',
      );
      if (isLeft(result)) throw new Error('append refused');
      return result.right.position;
    };

    beforeEach(() => {
      dir = tempDir();
      file = join(dir.path, 'sluice.db');
      db = openSqlite({ file });
      events = sqliteEventStore(db);
      reads = sqliteReadStore(db);
    });
    afterEach(() => {
      db.close();
      dir.remove();
    });

    it('applies the events it wants and reports when it has caught up', async () => {
      await append('s-1', 3);
      const projector = await startProjector(events, reads, [countingProjection], silentLogger(), {
        inline,
      });
      await append('s-2', 2);
      const last = await append('other', 4, 'noise.tick');
      expect(await projector.caughtUp(last)).to.equal(true);
      expect(await countsOf(reads)).to.deep.equal({ 's-1': 3, 's-2': 2 });
      await projector.stop();
    });

    it('resumes from its checkpoint after a stop without applying anything twice', async () => {
      let projector = await startProjector(events, reads, [countingProjection], silentLogger(), {
        inline,
      });
      let last = await append('s-1', 5);
      await projector.caughtUp(last);
      await projector.stop();
      last = await append('s-1', 2);
      // A new process on the same file: fresh stores, the checkpoint read back from disk.
      db.close();
      db = openSqlite({ file });
      events = sqliteEventStore(db);
      reads = sqliteReadStore(db);
      projector = await startProjector(events, reads, [countingProjection], silentLogger(), {
        inline,
      });
      await projector.caughtUp(last);
      expect(await countsOf(reads)).to.deep.equal({ 's-1': 7 });
      await projector.stop();
    });

    it('lets an append through when a batch fails, and applies it once it passes', async () => {
      let failures = 1;
      const flaky: Projection = {
        ...countingProjection,
        project: (event) => {
          if (event.type === 'count.flaky' && failures-- > 0) throw new Error('not now');
          return countingProjection.project(event);
        },
      };
      const projector = await startProjector(events, reads, [flaky], silentLogger(), { inline });
      await append('s-1', 2);
      await append('s-1', 1, 'count.flaky');
      const last = await append('s-2', 1);
      expect(await projector.caughtUp(last)).to.equal(true);
      expect(await countsOf(reads)).to.deep.equal({ 's-1': 3, 's-2': 1 });
      expect((await projector.status())[0]).to.include({ status: 'live', last_error: null });
      await projector.stop();
    });

    it('rebuilds a projection equal to the live one', async () => {
      const projector = await startProjector(events, reads, [countingProjection], silentLogger(), {
        inline,
      });
      for (let i = 0; i < 20; i++) await append(`s-${i % 4}`, i + 1);
      const last = await append('other', 1, 'noise.tick');
      await projector.caughtUp(last);
      const before = await countsOf(reads);
      await projector.rebuild('counts');
      expect(await countsOf(reads)).to.deep.equal(before);
      const status = await projector.status();
      expect(status).to.deep.equal([
        {
          name: 'counts',
          checkpoint: last,
          lag: 0,
          status: 'live',
          last_error: null,
          rebuild: null,
        },
      ]);
      await projector.stop();
    });

    it('ends a rebuild under concurrent writes equal to a fresh rebuild', async () => {
      const projector = await startProjector(events, reads, [countingProjection], silentLogger(), {
        inline,
      });
      for (let i = 0; i < 50; i++) await append(`s-${i % 5}`, 40);
      let writing = true;
      const writer = (async () => {
        let n = 0;
        while (writing) {
          await append(`s-${n++ % 7}`, 3);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await projector.rebuild('counts');
      writing = false;
      await writer;
      const last = await append('s-0', 1);
      await projector.caughtUp(last);
      const live = await countsOf(reads);
      await projector.rebuild('counts');
      expect(await countsOf(reads)).to.deep.equal(live);
      // And both agree with the log itself.
      const truth: Record<string, number> = {};
      for (const stream of Object.keys(live))
        truth[stream] = (await events.readStream(stream)).length;
      expect(live).to.deep.equal(truth);
      await projector.stop();
    });

    it('reports a rebuild’s progress, and a second request joins the rebuild under way', async () => {
      const projector = await startProjector(events, reads, [countingProjection], silentLogger(), {
        inline,
      });
      for (let i = 0; i < 10; i++) await append('s-1', 10);
      const last = await append('s-1', 1);
      await projector.caughtUp(last);
      const seen: Array<{ events_done: number; events_total: number }> = [];
      const first = projector.rebuild('counts', (p) => seen.push({ ...p }));
      const during = (await projector.status())[0]!;
      expect(during.status).to.equal('rebuilding');
      expect(during.rebuild).to.include.keys('started_at', 'events_done', 'events_total');
      const second = projector.rebuild('counts');
      await Promise.all([first, second]);
      expect(seen[0]).to.deep.equal({ ...seen[0], events_done: 0 });
      expect(seen[seen.length - 1]!.events_done).to.equal(seen[seen.length - 1]!.events_total);
      expect(seen[seen.length - 1]!.events_total).to.be.at.least(101);
      const after = (await projector.status())[0]!;
      expect(after).to.include({ status: 'live', lag: 0, rebuild: null });
      expect(await countsOf(reads)).to.deep.equal({ 's-1': 101 });
      await projector.stop();
    });

    it('keeps serving reads from the live tables while a rebuild runs', async () => {
      const projector = await startProjector(events, reads, [countingProjection], silentLogger(), {
        inline,
      });
      for (let i = 0; i < 30; i++) await append('s-1', 100);
      const last = await append('s-1', 1);
      await projector.caughtUp(last);
      const rebuilding = projector.rebuild('counts');
      const during = await countsOf(reads);
      await rebuilding;
      expect(during).to.deep.equal({ 's-1': 3001 });
      expect(await countsOf(reads)).to.deep.equal({ 's-1': 3001 });
      await projector.stop();
    });
  });

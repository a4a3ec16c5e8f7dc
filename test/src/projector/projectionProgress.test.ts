import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { postgresEventStore } from '../../../adapters/eventstore/postgres/postgresEventStore.js';
import type { PostgresDatabase } from '../../../adapters/postgres/database.js';
import { openPostgres } from '../../../adapters/postgres/database.js';
import { postgresReadStore } from '../../../adapters/readstore/postgres/postgresReadStore.js';
import { postgresProjectionProgress } from '../../../adapters/readstore/postgres/projectionProgress.js';
import type { AppliedTo } from '../../../adapters/readstore/progress.js';
import type { Position } from '../../../domain/shared/envelope.js';
import { comparePositions, position } from '../../../domain/shared/envelope.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { startProjector } from '../../../src/projector/projector.js';
import { projectorView } from '../../../src/projector/projectorView.js';
import { countingProjection } from '../../support/countingProjection.js';
import { newEvent } from '../../support/events.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';

/** The announcements of `db`'s projector, and what a watch of them heard. */
const announcing = async (db: PostgresDatabase) => {
  const heard: AppliedTo[] = [];
  const progress = postgresProjectionProgress(db);
  const stop = await progress.watch(
    (appliedTo) => heard.push(appliedTo),
    () => undefined,
  );
  return { heard, progress, stop };
};

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('the projector’s announced progress (PostgreSQL)', NO_POSTGRES);
} else {
  describe('the projector’s announced progress (PostgreSQL)', function () {
    this.timeout(20_000);

    it('tells another process at once that a projection passed an event it skips, before its checkpoint says so', async () => {
      const projecting = await freshSchema();
      // The waiting process: a connection pool and a listener of its own, on the same schema.
      const waiting = await openPostgres({ url: postgresUrl!, schema: projecting.schema });
      const events = await postgresEventStore(projecting);
      const reads = await postgresReadStore(projecting);
      const projector = await startProjector(events, reads, [countingProjection], silentLogger(), {
        progress: postgresProjectionProgress(projecting),
      });
      let looks = 0;
      const waitingReads = await postgresReadStore(waiting);
      const counted = { state: (name: string) => (looks++, waitingReads.state(name)) };
      const view = projectorView(
        events,
        counted,
        [countingProjection],
        postgresProjectionProgress(waiting),
      );
      try {
        // Past the first second, so that the first batch is not one that saves the checkpoint.
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const tick = await events.append('s-1', [newEvent('count.tick')], 'any');
        if (isLeft(tick)) throw new Error('append refused');
        expect(await view.caughtUp(tick.right.position, 5000)).to.equal(true);
        const other = await events.append('s-2', [newEvent('other.thing')], 'any');
        if (isLeft(other)) throw new Error('append refused');
        expect(await view.caughtUp(other.right.position, 5000)).to.equal(true);
        // The stored checkpoint follows a skipped event only once the log has been quiet for a
        // second: the wait knew it from the announcement.
        const stored = (await reads.state(countingProjection.name))?.checkpoint;
        expect(stored !== undefined && comparePositions(stored, other.right.position) < 0).to.equal(
          true,
        );
        expect(looks, 'checkpoint reads by the waiting process').to.equal(0);
      } finally {
        await view.stop();
        await projector.stop();
        await events.close();
        await waiting.close();
        await projecting.drop();
      }
    });

    it('ends a short wait at its deadline, not at the next look for a lost announcement', async () => {
      const db = await freshSchema();
      const events = await postgresEventStore(db);
      const reads = await postgresReadStore(db);
      await reads.registerProjection(countingProjection.name, countingProjection.collections);
      // Nobody projects: nothing is announced, and the checkpoint never moves.
      const view = projectorView(
        events,
        reads,
        [countingProjection],
        postgresProjectionProgress(db),
      );
      try {
        const tick = await events.append('s-1', [newEvent('count.tick')], 'any');
        if (isLeft(tick)) throw new Error('append refused');
        const started = performance.now();
        expect(await view.caughtUp(tick.right.position, 150)).to.equal(false);
        // Well before the second at which a lost announcement is looked for.
        expect(performance.now() - started).to.be.below(900);
      } finally {
        await view.stop();
        await events.close();
        await db.drop();
      }
    });

    it('announces the projections that moved in one turn as one', async () => {
      const db = await freshSchema();
      const { heard, progress, stop } = await announcing(db);
      try {
        // Eleven projections pass one append in the same turn, each telling where all stand.
        const standing: Record<string, Position> = {};
        for (let i = 0; i < 11; i++) {
          standing[`p${i}`] = position(7);
          progress.announce({ ...standing });
        }
        const deadline = Date.now() + 5000;
        while (heard.length === 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard).to.deep.equal([standing]);
      } finally {
        await stop();
        await db.drop();
      }
    });

    it('ignores what is not an announcement, and keeps only the latest of a burst', async () => {
      const db = await freshSchema();
      const { heard, progress, stop } = await announcing(db);
      try {
        await db.pool.query('SELECT pg_notify($1, $2)', [`${db.schema}_projected`, 'not json']);
        await db.pool.query('SELECT pg_notify($1, $2)', [
          `${db.schema}_projected`,
          JSON.stringify({ counts: 'DROP TABLE', other: 7 }),
        ]);
        for (let at = 1; at <= 50; at++) progress.announce({ counts: position(at) });
        const deadline = Date.now() + 5000;
        while (heard.at(-1)?.['counts'] !== '50' && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        expect(heard.at(-1)).to.deep.equal({ counts: '50' });
        // The malformed ones carry nothing; the burst of fifty collapsed into a few.
        expect(heard.filter((appliedTo) => Object.keys(appliedTo).length === 0)).to.have.length(1);
        expect(heard.length).to.be.below(10);
      } finally {
        await stop();
        await db.drop();
      }
    });
  });
}

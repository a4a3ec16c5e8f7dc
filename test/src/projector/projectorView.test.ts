import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { join } from 'node:path';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import { sqliteReadStore } from '../../../adapters/readstore/sqlite/sqliteReadStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { startProjector } from '../../../src/projector/projector.js';
import { RebuildElsewhere, projectorView } from '../../../src/projector/projectorView.js';
import { countingProjection } from '../../support/countingProjection.js';
import { newEvent } from '../../support/events.js';
import { tempDir } from '../../support/tempDir.js';

/** A process without the projector role, beside one with it (the distributed mode's split). */
describe('projector view (a process that does not project)', () => {
  it('waits for the projector processes’ checkpoints to pass a position, and no longer', async () => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'sluice.db') });
    const events = sqliteEventStore(db);
    const reads = sqliteReadStore(db);
    try {
      await reads.registerProjection(countingProjection.name, countingProjection.collections);
      const view = projectorView(events, reads, [countingProjection]);
      const appended = await events.append('s-1', [newEvent('count.tick')], 'any');
      if (isLeft(appended)) throw new Error('append refused');
      const at = appended.right.position;

      // Nobody projects yet: the wait ends at its bound, saying so.
      expect(await view.caughtUp(at, 100)).to.equal(false);
      expect((await view.status())[0]).to.include({ name: 'counts', lag: 1 });

      const projector = await startProjector(events, reads, [countingProjection], silentLogger());
      try {
        expect(await view.caughtUp(at, 5000)).to.equal(true);
        expect((await view.status())[0]).to.include({ name: 'counts', lag: 0, checkpoint: at });
        let refused: unknown;
        await view.rebuild('counts').catch((error: unknown) => (refused = error));
        expect(refused).to.be.instanceOf(RebuildElsewhere);
      } finally {
        await projector.stop();
      }
    } finally {
      await events.close();
      db.close();
      dir.remove();
    }
  });

  it('looks at the checkpoints once for every wait of the process at once, and not while none waits', async () => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'sluice.db') });
    const events = sqliteEventStore(db);
    const reads = sqliteReadStore(db);
    try {
      await reads.registerProjection(countingProjection.name, countingProjection.collections);
      let looks = 0;
      const counted = { state: (name: string) => (looks++, reads.state(name)) };
      const view = projectorView(events, counted, [countingProjection]);
      const appended = await events.append('s-1', [newEvent('count.tick')], 'any');
      if (isLeft(appended)) throw new Error('append refused');
      // A hundred requests wait 300 ms for a checkpoint nobody moves: about 15 looks in all,
      // not 15 each.
      const waits = await Promise.all(
        Array.from({ length: 100 }, () => view.caughtUp(appended.right.position, 300)),
      );
      expect(waits.every((reached) => reached === false)).to.equal(true);
      expect(looks).to.be.within(1, 40);
      const after = looks;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(looks, 'looks while nothing waits').to.equal(after);
    } finally {
      await events.close();
      db.close();
      dir.remove();
    }
  });

  it('waits only for the projections named, when a caller names those it reads', async () => {
    const dir = tempDir();
    const db = openSqlite({ file: join(dir.path, 'sluice.db') });
    const events = sqliteEventStore(db);
    const reads = sqliteReadStore(db);
    // A second projection that no process runs: its checkpoint never moves.
    const stalled = { ...countingProjection, name: 'counts_nobody_runs' };
    const view = projectorView(events, reads, [countingProjection, stalled]);
    const projector = await startProjector(events, reads, [countingProjection], silentLogger());
    try {
      const appended = await events.append('s-1', [newEvent('count.tick')], 'any');
      if (isLeft(appended)) throw new Error('append refused');
      const at = appended.right.position;
      expect(await view.caughtUp(at, 5000, [countingProjection.name])).to.equal(true);
      expect(await projector.caughtUp(at, 5000, [countingProjection.name])).to.equal(true);
      expect(await view.caughtUp(at, 100)).to.equal(false);
      expect(await view.caughtUp(at, 100, [stalled.name])).to.equal(false);
    } finally {
      await projector.stop();
      await events.close();
      db.close();
      dir.remove();
    }
  });

  it('sees a projection pass events it does not read once the log is quiet, nothing following', async () => {
    for (const inline of [false, true]) {
      const dir = tempDir();
      const db = openSqlite({ file: join(dir.path, 'sluice.db') });
      const events = sqliteEventStore(db);
      const reads = sqliteReadStore(db);
      const projector = await startProjector(events, reads, [countingProjection], silentLogger(), {
        inline,
      });
      const view = projectorView(events, reads, [countingProjection]);
      try {
        // Past the first second, so that the first batch is not the one that saves.
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const tick = await events.append('s-1', [newEvent('count.tick')], 'any');
        if (isLeft(tick)) throw new Error('append refused');
        const other = await events.append('s-2', [newEvent('other.thing')], 'any');
        if (isLeft(other)) throw new Error('append refused');
        // The other process sees it within the quiet second and its poll.
        expect(await view.caughtUp(other.right.position, 3000), `inline: ${inline}`).to.equal(true);
      } finally {
        await projector.stop();
        await events.close();
        db.close();
        dir.remove();
      }
    }
  });
});

import { expect } from 'chai';
import { isLeft, isRight, left, right } from 'fp-ts/lib/Either.js';
import { join } from 'node:path';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import type { Decider } from '../../../domain/shared/decider.js';
import { emptyMetadata } from '../../../domain/shared/envelope.js';
import { domainError } from '../../../domain/shared/errors.js';
import { handleCommand } from '../../../src/commands/handleCommand.js';
import { tempDir } from '../../support/tempDir.js';

type Added = { type: 'counter.added'; data: { by: number } };
/** A counter that refuses to pass 3: enough to show decisions taken on the latest state. */
const counter: Decider<{ by: number }, Added, number> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command, total) =>
    total + command.by > 3
      ? left(domainError('conflict', 'over the limit'))
      : right([{ type: 'counter.added', data: { by: command.by } }]),
};

describe('handleCommand', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: ReturnType<typeof openSqlite>;
  let store: EventStore;

  beforeEach(() => {
    dir = tempDir();
    db = openSqlite({ file: join(dir.path, 'sluice.db') });
    store = sqliteEventStore(db);
  });
  afterEach(() => {
    db.close();
    dir.remove();
  });

  it('reads, decides and appends with the revision it read', async () => {
    const first = await handleCommand(store, counter, 'counter-1', { by: 2 }, emptyMetadata());
    expect(isRight(first) && first.right.state).to.equal(2);
    const second = await handleCommand(store, counter, 'counter-1', { by: 1 }, emptyMetadata());
    expect(isRight(second) && second.right.events.map((e) => e.revision)).to.deep.equal([1]);
  });

  it('returns the refusal as a value and appends nothing', async () => {
    const refused = await handleCommand(store, counter, 'counter-1', { by: 4 }, emptyMetadata());
    expect(isLeft(refused) && refused.left.code).to.equal('conflict');
    expect(await store.readStream('counter-1')).to.deep.equal([]);
  });

  it('decides several commands in turn and appends them in one write, or none of them', async () => {
    const both = await handleCommand(
      store,
      counter,
      'counter-1',
      [{ by: 1 }, { by: 2 }],
      emptyMetadata(),
    );
    expect(isRight(both) && both.right.state).to.equal(3);
    const stored = await store.readStream('counter-1');
    expect(stored.map((e) => e.revision)).to.deep.equal([0, 1]);
    // One position for both: they went in as one append.
    expect(isRight(both) && both.right.position).to.deep.equal(stored[1]!.position);
    // The second command would pass the limit only after the first: it refuses both.
    const refused = await handleCommand(
      store,
      counter,
      'counter-2',
      [{ by: 2 }, { by: 2 }],
      emptyMetadata(),
    );
    expect(isLeft(refused) && refused.left.detail).to.equal('over the limit');
    expect(await store.readStream('counter-2')).to.deep.equal([]);
  });

  it('retries on a lost race and decides again on the new state', async () => {
    // Each command races the others for the same revision; the losers read again and re-decide,
    // so the limit holds: exactly three of the six get in.
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        handleCommand(store, counter, 'counter-1', { by: 1 }, emptyMetadata()),
      ),
    );
    expect(results.filter(isRight)).to.have.length(3);
    expect(await store.readStream('counter-1')).to.have.length(3);
  });

  it('appends to a new stream without reading it, and falls back to reading when it exists', async () => {
    const first = await handleCommand(store, counter, 'counter-new', { by: 2 }, emptyMetadata(), {
      expectNew: true,
    });
    expect(isRight(first) && first.right.events.map((e) => e.revision)).to.deep.equal([0]);
    // The stream exists now: the guess is wrong, the handler reads and decides on the real state.
    const second = await handleCommand(store, counter, 'counter-new', { by: 2 }, emptyMetadata(), {
      expectNew: true,
    });
    expect(isLeft(second) && second.left.code).to.equal('conflict');
    const third = await handleCommand(store, counter, 'counter-new', { by: 1 }, emptyMetadata(), {
      expectNew: true,
    });
    expect(isRight(third) && third.right.state).to.equal(3);
  });

  it('appends after a stream it knows without reading it, and reads when what it knew is stale', async () => {
    await handleCommand(store, counter, 'counter-known', { by: 1 }, emptyMetadata());
    const known = { state: 1, revision: 0 };
    let reads = 0;
    const counting: EventStore = {
      ...store,
      readStream: (...args) => {
        reads++;
        return store.readStream(...args);
      },
    };
    const first = await handleCommand(
      counting,
      counter,
      'counter-known',
      { by: 1 },
      emptyMetadata(),
      {
        known,
      },
    );
    expect(isRight(first) && first.right.events.map((e) => e.revision)).to.deep.equal([1]);
    expect(reads).to.equal(0);
    // The same knowledge is stale now: the append is refused, and the handler reads and decides
    // on the real state (2 + 2 passes the limit).
    const second = await handleCommand(
      counting,
      counter,
      'counter-known',
      { by: 2 },
      emptyMetadata(),
      {
        known,
      },
    );
    expect(isLeft(second) && second.left.code).to.equal('conflict');
    expect(reads).to.equal(1);
  });
});

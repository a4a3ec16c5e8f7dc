import { expect } from 'chai';
import type { PartitionHold, WorkPartitions } from '../../../adapters/partitions/port.js';

export type PartitionsFixture = {
  partitions: WorkPartitions;
  /** The lease the partitions were made with: a dead member's share is free once it ran out. */
  leaseMs: number;
  close: () => Promise<void>;
};

const KEYS = Array.from({ length: 400 }, (_, i) => `we_${i}`);

export const until = async (done: () => boolean, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** How many keys each member holds; a key held by two members at once fails the test. */
export const shares = (members: readonly PartitionHold[]): number[] => {
  const counts = members.map(() => 0);
  for (const key of KEYS) {
    const holders = members.flatMap((member, i) => (member.holds(key) ? [i] : []));
    expect(holders.length, `${key} is held by members ${holders.join(', ')}`).to.be.at.most(1);
    if (holders.length === 1) counts[holders[0]!]!++;
  }
  return counts;
};

/**
 * What every way of splitting work must do: never let two members hold one key, and hand a
 * member's work to another once it stops, whether it left or died.
 */
export const partitionsContract = (name: string, open: () => Promise<PartitionsFixture>) => {
  describe(`work partitions: ${name}`, function () {
    this.timeout(30_000);
    let fixture: PartitionsFixture;
    beforeEach(async () => {
      fixture = await open();
    });
    afterEach(() => fixture.close());

    it('gives every key to the one member of a group, the same partition in every process', async () => {
      const one = await fixture.partitions.join('dispatcher');
      const other = await fixture.partitions.join('projector', { partitions: 1 });
      try {
        expect(shares([one])).to.deep.equal([KEYS.length]);
        expect(other.holds('anything')).to.equal(true);
        expect(one.partitionOf('we_7')).to.equal(one.partitionOf('we_7'));
        expect(other.partitionOf('we_7')).to.equal(0);
      } finally {
        await one.leave();
        await other.leave();
      }
    });

    it('hands a member’s keys to another once it leaves, and never to two at once', async () => {
      const first = await fixture.partitions.join('dispatcher');
      const second = await fixture.partitions.join('dispatcher');
      let changed = 0;
      second.onChange(() => changed++);
      await first.leave();
      await until(() => shares([first, second])[1] === KEYS.length, fixture.leaseMs * 3);
      expect(changed).to.be.at.least(1);
      await second.leave();
    });
  });
};

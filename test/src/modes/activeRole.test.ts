import { expect } from 'chai';
import { memoryClaims } from '../../../adapters/claims/memory/memoryClaims.js';
import { claimedPartitions } from '../../../adapters/partitions/claims/claimedPartitions.js';
import { silentLogger } from '../../../src/logging/logger.js';
import { activeRole } from '../../../src/modes/activeRole.js';

const LEASE_MS = 600;

const until = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('a role with one active process (the projector, the relay)', function () {
  this.timeout(10_000);

  it('runs in the first process only; a standby takes over once the active one is gone', async () => {
    const partitions = claimedPartitions(memoryClaims(), { leaseMs: LEASE_MS });
    const running: string[] = [];
    const work = (name: string) => () => {
      running.push(name);
      return Promise.resolve({
        stop: () => {
          running.splice(running.indexOf(name), 1);
          return Promise.resolve();
        },
      });
    };
    const first = await activeRole(partitions, 'projector', work('first'), silentLogger());
    const second = await activeRole(partitions, 'projector', work('second'), silentLogger());
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 2));
    expect(running).to.deep.equal(['first']);
    expect(second.active()).to.equal(undefined);

    // The active process ends without giving its lease back, as a killed one would.
    const stoppedAt = Date.now();
    await first.stop();
    expect(running).to.deep.equal([]);
    await until(() => running.includes('second'), LEASE_MS * 5);
    expect(Date.now() - stoppedAt).to.be.at.least(LEASE_MS / 3);
    expect(running).to.deep.equal(['second']);
    await second.stop();
    expect(running).to.deep.equal([]);
  });
});

import type { Claims } from '../../adapters/claims/port.js';
import { troubleBackoffMs } from '../../adapters/eventstore/troublePause.js';
import { isPassingStoreFault } from '../../adapters/storeFaults.js';

/** A run's lease: renewed every third of it while the run goes on, so only a dead executor's lapses. */
const RUN_LEASE_MS = 15_000;
/** How often an executor asks again for an instance another is advancing. */
const ASK_AGAIN_MS = 250;
/** Tries to give a lease back through a database that fails for a while, before it is left to lapse. */
const RELEASE_TRIES = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Gives the lease back, trying again through a passing fault of the database (a cut connection,
 * a restart): a lease left to lapse holds the instance's next run back for its whole length.
 */
const giveBack = async (claims: Claims, key: string, owner: string) => {
  for (let failures = 1; ; failures++) {
    try {
      await claims.release(key, owner);
      return;
    } catch (err) {
      if (!isPassingStoreFault(err) || failures >= RELEASE_TRIES) return;
      await sleep(troubleBackoffMs(failures));
    }
  }
};

export class ExecutorStopping extends Error {}

/**
 * Runs `work` on an instance while holding its lease: one run at a time advances an instance,
 * whichever executor its news or its timer reached. An instance another executor is
 * advancing is waited for (its run ends, or its executor died and the lease runs out); the lease
 * is given up once the run is recorded.
 */
export const leasedRun = (claims: Claims, executor: string, stopped: () => boolean) => {
  let runs = 0;
  return async <T>(instanceId: string, work: () => Promise<T>): Promise<T> => {
    const key = `instance:${instanceId}`;
    // Each run holds the lease in a name of its own: a claim is re-entrant for its owner, and two
    // runs of one executor (a timer's firing, news queued meanwhile) must take turns too, or the
    // first to end would give up the lease while the other still advances the instance.
    const owner = `${executor}:${++runs}`;
    // A claim the database failed is asked again after a pause, as one another run holds.
    for (let failures = 0; ;) {
      const claimed = await claims.claim(key, owner, RUN_LEASE_MS).catch((err: unknown) => {
        if (!isPassingStoreFault(err)) throw err;
        failures++;
        return undefined;
      });
      if (claimed) break;
      if (stopped()) throw new ExecutorStopping(`Stopped before ${instanceId} could be leased.`);
      await sleep(claimed === undefined ? troubleBackoffMs(failures) : ASK_AGAIN_MS);
    }
    const renewal = setInterval(() => {
      claims.claim(key, owner, RUN_LEASE_MS).catch(() => undefined);
    }, RUN_LEASE_MS / 3);
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await giveBack(claims, key, owner);
    }
  };
};

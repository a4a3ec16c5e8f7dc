import { troubleBackoffMs } from '../eventstore/troublePause.js';
import { hashOf } from './hash.js';
import type { PartitionHold } from './port.js';

/**
 * Work stops this long before a lease, as last renewed, runs out: the member's clock and the
 * server's may drift a little, and another member takes over only once the lease has run out on
 * the server's clock.
 */
const SAFETY_MS = 2_000;

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) =>
  a.size === b.size && [...a].every((partition) => b.has(partition));

/**
 * A member's hold on its partitions, renewed every third of the lease by `renew` (which answers
 * what it holds now). What it holds counts only until the lease, as last renewed, may have run
 * out: a member that cannot renew starts no more work, whatever it last knew.
 */
export const renewedHold = async (options: {
  partitions: number;
  leaseMs: number;
  renew: () => Promise<ReadonlySet<number>>;
  giveBack: () => Promise<void>;
}): Promise<PartitionHold> => {
  const { partitions, leaseMs } = options;
  const listeners: Array<() => void> = [];
  let held: ReadonlySet<number> = new Set();
  let validUntil = 0;
  let left = false;
  const renew = async () => {
    if (left) return;
    // Monotonic time: a host clock stepped back or forth must not stretch or cut the hold.
    const askedAt = performance.now();
    const now = await options.renew();
    validUntil = askedAt + leaseMs - Math.min(SAFETY_MS, leaseMs / 3);
    const changed = !sameSet(now, held);
    held = now;
    if (changed) for (const listener of listeners) listener();
  };
  await renew();
  // A failed renewal is tried again sooner than the next turn, after the pause of any failed loop,
  // so that the member is back at work soon after its database answers; meanwhile the lease as
  // last renewed still bounds what this member may start.
  let chain = Promise.resolve();
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  const renewLater = () => {
    if (left) return;
    const pause = failures === 0 ? leaseMs / 3 : Math.min(leaseMs / 3, troubleBackoffMs(failures));
    timer = setTimeout(() => {
      chain = chain.then(renew).then(
        () => void (failures = 0),
        () => void failures++,
      );
      void chain.then(renewLater);
    }, pause);
  };
  renewLater();
  const partitionOf = (key: string) => hashOf(key) % partitions;
  return {
    holds: (key) => performance.now() < validUntil && held.has(partitionOf(key)),
    partitionOf,
    onChange: (listener) => listeners.push(listener),
    leave: async () => {
      left = true;
      clearTimeout(timer);
      await chain;
      held = new Set();
      await options.giveBack();
    },
  };
};

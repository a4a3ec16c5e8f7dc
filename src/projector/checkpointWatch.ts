import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Position } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';

const LOOK_EVERY_MS = 20;

type Waiter = {
  position: Position;
  names: readonly string[];
  done: (reached: boolean) => void;
  deadline: number;
};

/**
 * The projections' checkpoints as a process without the projector role watches them, for every
 * wait of the process at once: one look every 20 ms while anything waits (one read per
 * projection waited for), however many requests and workers wait meanwhile; none while nothing
 * waits. Each wait is told once the checkpoints it waits for have reached its position, or, at its
 * deadline, that they have not.
 */
export const checkpointWatch = (readStore: Pick<ReadStore, 'state'>) => {
  const waiters = new Set<Waiter>();
  let looking = false;

  const look = async () => {
    // The waits there are now: one that comes during the look is judged at the next.
    const looked = [...waiters];
    const names = new Set<string>();
    for (const waiter of looked) for (const name of waiter.names) names.add(name);
    const checkpoints = new Map<string, Position | undefined>();
    await Promise.all(
      [...names].map(async (name) => {
        // A look the database could not answer is a look that did not see it yet: the write that
        // waits has happened, and its answer must say so rather than fail.
        const state = await readStore.state(name).catch(() => undefined);
        checkpoints.set(name, state?.checkpoint ?? undefined);
      }),
    );
    const now = performance.now();
    for (const waiter of looked) {
      const reached = waiter.names.every((name) => {
        const checkpoint = checkpoints.get(name);
        return checkpoint !== undefined && comparePositions(checkpoint, waiter.position) >= 0;
      });
      if (reached || now >= waiter.deadline) {
        waiters.delete(waiter);
        waiter.done(reached);
      }
    }
  };

  const keepLooking = async () => {
    looking = true;
    try {
      while (waiters.size > 0) {
        await look();
        if (waiters.size > 0) await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      }
    } finally {
      looking = false;
    }
  };

  return {
    /** Whether the projections `names` have reached `position` within `timeoutMs`. */
    reached: (position: Position, names: readonly string[], timeoutMs: number) =>
      new Promise<boolean>((done) => {
        waiters.add({ position, names, done, deadline: performance.now() + timeoutMs });
        if (!looking) void keepLooking();
      }),
  };
};

import type { ProjectionProgress } from '../../adapters/readstore/progress.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { Position } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';

/** Without the projector's announcements, the checkpoints are the only news: looked at often. */
const LOOK_EVERY_MS = 20;
/** With them, a look only stands in for an announcement lost. */
const LOOK_EVERY_MS_ANNOUNCED = 1000;

type Waiter = {
  position: Position;
  names: readonly string[];
  done: (reached: boolean) => void;
  deadline: number;
};

/** The next look: at the usual pace, or sooner at the earliest deadline of a wait. */
const lookDelay = (waiters: Iterable<Waiter>, pace: number) => {
  let delay = pace;
  const now = performance.now();
  for (const waiter of waiters) delay = Math.min(delay, Math.max(0, waiter.deadline - now));
  return delay;
};

/** How far each projection is known to have come: it only ever moves forward. */
const knownProgress = () => {
  const known = new Map<string, Position>();
  return {
    learn: (name: string, at: Position | undefined) => {
      const before = known.get(name);
      if (at !== undefined && (before === undefined || comparePositions(at, before) > 0))
        known.set(name, at);
    },
    passed: (waiter: Pick<Waiter, 'names' | 'position'>) =>
      waiter.names.every((name) => {
        const at = known.get(name);
        return at !== undefined && comparePositions(at, waiter.position) >= 0;
      }),
  };
};

/**
 * The projections' progress as a process without the projector role sees it, for every wait of
 * the process at once. The active projector announces how far each projection has applied the
 * log (where the stores can carry it); the stored checkpoints are looked at too, one read per
 * projection waited for, however many wait: every 20 ms while anything waits without
 * announcements, every second with them, never while nothing waits. Each wait is told once the
 * projections it waits for have reached its position, or, at its deadline, that they have not.
 */
export const checkpointWatch = (
  readStore: Pick<ReadStore, 'state'>,
  progress?: ProjectionProgress,
) => {
  const waiters = new Set<Waiter>();
  const { learn, passed } = knownProgress();
  const lookEveryMs = progress ? LOOK_EVERY_MS_ANNOUNCED : LOOK_EVERY_MS;
  let timer: NodeJS.Timeout | undefined;
  /** When the planned look is due (performance.now()). */
  let timerAt = 0;
  let looking = false;

  const judge = () => {
    const now = performance.now();
    for (const waiter of waiters) {
      const reached = passed(waiter);
      if (reached || now >= waiter.deadline) {
        waiters.delete(waiter);
        waiter.done(reached);
      }
    }
    if (waiters.size === 0 && timer) {
      clearTimeout(timer);
      timer = undefined;
    }
  };

  const look = async () => {
    const names = new Set<string>();
    for (const waiter of waiters)
      if (!passed(waiter)) for (const name of waiter.names) names.add(name);
    await Promise.all(
      [...names].map(async (name) => {
        // A look the database could not answer is a look that did not see it yet: the write that
        // waits has happened, and its answer must say so rather than fail.
        const state = await readStore.state(name).catch(() => undefined);
        learn(name, state?.checkpoint ?? undefined);
      }),
    );
    judge();
  };

  const nextLookIn = () => lookDelay(waiters, lookEveryMs);

  const lookSoon = (delayMs: number) => {
    if (waiters.size === 0) return;
    // A look already planned for later than this one is brought forward.
    if (timer && timerAt <= performance.now() + delayMs) return;
    clearTimeout(timer);
    timerAt = performance.now() + delayMs;
    timer = setTimeout(() => {
      timer = undefined;
      if (looking) return lookSoon(nextLookIn());
      looking = true;
      look()
        .finally(() => {
          looking = false;
        })
        .then(
          () => lookSoon(nextLookIn()),
          () => lookSoon(nextLookIn()),
        );
    }, delayMs);
  };

  const stopWatching = progress?.watch(
    (appliedTo) => {
      for (const [name, at] of Object.entries(appliedTo)) learn(name, at);
      judge();
    },
    // Announcements may have been missed: the checkpoints say what they would have.
    () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      lookSoon(0);
    },
  );

  return {
    /** Whether the projections `names` have reached `position` within `timeoutMs`. */
    reached: (position: Position, names: readonly string[], timeoutMs: number) =>
      new Promise<boolean>((done) => {
        const waiter = { position, names, done, deadline: performance.now() + timeoutMs };
        if (passed(waiter)) return done(true);
        waiters.add(waiter);
        // Without announcements, the first look is at once; with them, the announcement of this
        // position is usually on its way, and the look waits for it to be lost (or the deadline).
        lookSoon(progress ? nextLookIn() : 0);
      }),
    stop: async () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await (
        await stopWatching
      )?.();
    },
  };
};

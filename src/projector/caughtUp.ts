import type { Position } from '../../domain/shared/envelope.js';
import { comparePositions } from '../../domain/shared/envelope.js';

type Applying = { appliedTo: Position | undefined };

const passed = (entry: Applying, position: Position) =>
  entry.appliedTo !== undefined && comparePositions(position, entry.appliedTo) <= 0;

/**
 * Whether every projection has applied the log up to `position` within `timeoutMs`, each waited
 * for through `reached`. Inline, every projection has usually applied an append by the time its
 * caller asks (every command and every attempt asks): no timer and no promise per projection then.
 */
export const allReached = async <Entry extends Applying>(
  entries: Iterable<Entry>,
  position: Position,
  reached: (entry: Entry, position: Position) => Promise<void>,
  timeoutMs: number,
): Promise<boolean> => {
  const all = [...entries];
  if (all.every((entry) => passed(entry, position))) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const done = Promise.all(all.map((entry) => reached(entry, position)));
  try {
    return await Promise.race([done.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
};

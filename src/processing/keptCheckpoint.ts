import type { Position } from '../../domain/shared/envelope.js';
import type { ReadStore } from '../../adapters/readstore/port.js';
import type { FeedCheckpoint } from '../../adapters/transport/port.js';

/**
 * Where a processor whose progress is `kept` (see Processor) stands in the log. It is kept with the projections' checkpoints. A processor's effects are idempotent, so
 * the checkpoint may lag: after a crash the processor repeats at most the last second of work,
 * harmlessly, and in exchange progress costs one write a second rather than one per batch.
 */
export type KeptCheckpoint = FeedCheckpoint;

const SAVE_EVERY_MS = 1000;

export const keptCheckpoint = async (
  readStore: ReadStore,
  name: string,
): Promise<KeptCheckpoint> => {
  await readStore.registerProjection(name, []);
  // Never yet saved: the first progress is written at once (performance.now counts from the
  // process's start, so a zero here would hold back every save of its first second).
  let savedAt = Number.NEGATIVE_INFINITY;
  let unsaved: Position | undefined;
  const write = async () => {
    if (unsaved === undefined) return;
    const position = unsaved;
    unsaved = undefined;
    savedAt = performance.now();
    await readStore.apply(name, { kind: 'live' }, [], position);
  };
  return {
    load: async () => (await readStore.state(name))?.checkpoint,
    save: async (position) => {
      unsaved = position;
      if (performance.now() - savedAt >= SAVE_EVERY_MS) await write();
    },
    flush: write,
  };
};

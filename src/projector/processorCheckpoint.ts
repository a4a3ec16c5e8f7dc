import type { Position } from '../../domain/shared/envelope.js';
import type { ReadStore } from '../../adapters/readstore/port.js';

/**
 * Where a processor (a subscriber that appends events rather than writing read models) stands in
 * the log. It is kept with the projections' checkpoints; a processor writes it after the batch's
 * effects, and its effects are idempotent, so a crash in between only repeats harmless work.
 */
export type ProcessorCheckpoint = {
  load: () => Promise<Position | undefined>;
  /**
   * Records progress. A scan that met none of the processor's events is kept only now and then:
   * losing it costs a short rescan, while writing it on every append would double the writes.
   */
  save: (position: Position, hadEvents: boolean) => Promise<void>;
};

const IDLE_SAVE_EVERY_MS = 1000;

export const processorCheckpoint = async (
  readStore: ReadStore,
  name: string,
): Promise<ProcessorCheckpoint> => {
  await readStore.registerProjection(name, []);
  let savedAt = 0;
  return {
    load: async () => (await readStore.state(name))?.checkpoint,
    save: async (position, hadEvents) => {
      if (!hadEvents && performance.now() - savedAt < IDLE_SAVE_EVERY_MS) return;
      await readStore.apply(name, { kind: 'live' }, [], position);
      savedAt = performance.now();
    },
  };
};

import { position } from '../../domain/shared/envelope.js';
import type { ProjectionState } from './port.js';

/** A projection's state as every store keeps it: the live and rebuild generations, checkpoints. */
export type StoredState = {
  generation: number;
  checkpoint: string | null;
  rebuild_generation: number | null;
  rebuild_checkpoint: string | null;
};

export const toProjectionState = (name: string, stored: StoredState): ProjectionState => ({
  name,
  generation: stored.generation,
  checkpoint: stored.checkpoint === null ? undefined : position(stored.checkpoint),
  rebuild:
    stored.rebuild_generation === null
      ? null
      : {
          generation: stored.rebuild_generation,
          checkpoint:
            stored.rebuild_checkpoint === null ? undefined : position(stored.rebuild_checkpoint),
        },
});

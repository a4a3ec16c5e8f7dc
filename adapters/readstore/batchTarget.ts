import type { Position } from '../../domain/shared/envelope.js';
import { comparePositions, position } from '../../domain/shared/envelope.js';
import type { Target } from './port.js';
import { StaleBatchError } from './port.js';

/** A projection's stored state, as both read stores keep it. */
export type StoredProjection = {
  generation: number;
  checkpoint: string | null;
  rebuild_generation: number | null;
  rebuild_checkpoint: string | null;
};

/** A live batch whose writer last knew a checkpoint behind the stored one: another wrote since. */
export const isStale = (target: Target, stored: string | null): boolean =>
  target.kind === 'live' &&
  target.follows !== undefined &&
  stored !== null &&
  comparePositions(position(stored), target.follows) > 0;

/**
 * Which generation of tables a batch goes to, or null when its checkpoint is not past the one
 * stored for that target: a batch delivered again is never applied twice.
 */
export const batchGeneration = (
  name: string,
  stored: StoredProjection,
  target: Target,
  checkpoint: Position,
): number | null => {
  const generation = target.kind === 'live' ? stored.generation : target.generation;
  if (target.kind === 'rebuild' && stored.rebuild_generation !== generation) {
    throw new Error(`No rebuild ${generation} of ${name} is under way.`);
  }
  const last = target.kind === 'live' ? stored.checkpoint : stored.rebuild_checkpoint;
  if (last !== null && comparePositions(checkpoint, position(last)) <= 0) return null;
  if (isStale(target, last)) throw new StaleBatchError(name, position(last!));
  return generation;
};

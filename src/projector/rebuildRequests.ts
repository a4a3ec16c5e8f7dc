import { holding } from './inlineApplication.js';
import type { ProjectionRun, Projecting } from './projectionRun.js';
import { isAfter, messageOf } from './projectionRun.js';
import type { RebuildProgress } from './rebuild.js';
import { rebuildProjection } from './rebuild.js';

/**
 * Rebuilds a projection beside its live tables and swaps them in; a second request joins the
 * rebuild under way, and is told its progress so far.
 */
export const requestRebuild = (
  p: Projecting,
  run: ProjectionRun,
  onProgress?: (progress: RebuildProgress) => void,
): Promise<void> => {
  if (run.rebuilding) {
    const joined = run.rebuilding;
    if (onProgress) onProgress(joined.progress);
    return joined.done;
  }
  const progress: RebuildProgress = {
    started_at: new Date().toISOString(),
    events_done: 0,
    events_total: 0,
  };
  const rebuild = async () => {
    run.status = 'rebuilding';
    try {
      const floor = await rebuildProjection(
        p.eventStore,
        p.readStore,
        run.projection,
        holding(p, run),
        (step) => {
          Object.assign(progress, step);
          onProgress?.(progress);
        },
      );
      if (floor !== undefined && isAfter(floor, run.appliedTo)) {
        run.appliedTo = floor;
        p.progressed?.();
      }
      run.status = 'live';
      run.lastError = null;
    } catch (error) {
      run.status = 'failing';
      run.lastError = messageOf(error);
      throw error;
    } finally {
      run.rebuilding = undefined;
    }
  };
  const done = rebuild();
  run.rebuilding = { done, progress };
  return done;
};

import type { Position } from '../../domain/shared/envelope.js';

/** How far each projection has applied the log, by name. */
export type AppliedTo = Readonly<Record<string, Position>>;

/**
 * The active projector's progress, told to every process as it happens. A projection that skips
 * an event has applied it without writing anything (its stored checkpoint follows now and then),
 * so only this tells a waiting process at once that the event is behind it.
 */
export type ProjectionProgress = {
  /** Tells every process how far the projections have applied the log; the latest wins. */
  announce: (appliedTo: AppliedTo) => void;
  /**
   * Calls `onProgress` with each announcement, and `onGap` when some may have been missed (the
   * listening connection was down), until the returned function is called.
   */
  watch: (
    onProgress: (appliedTo: AppliedTo) => void,
    onGap: () => void,
  ) => Promise<() => Promise<void>>;
};

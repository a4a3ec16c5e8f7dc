/**
 * The longest an announcement waits for the batches on their way: under a steady load some batch
 * is always on its way, and what the others passed must still be told.
 */
export const MOST_HELD_MS = 20;

/**
 * Announces the projections' progress, each announcement held while a batch is being written
 * (up to MOST_HELD_MS): an append moves the projections that skip it at once and those that write
 * for it a commit later, and one announcement, once that commit is in, then tells of both. Each
 * announcement wakes every process of the deployment.
 */
export const heldAnnouncements = (announce: () => void) => {
  let writing = 0;
  let heldSince: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const now = () => performance.now();
  const release = () => {
    clearTimeout(timer);
    timer = undefined;
    heldSince = undefined;
    announce();
  };
  const progressed = () => {
    if (writing === 0) return release();
    heldSince ??= now();
    if (now() - heldSince >= MOST_HELD_MS) return release();
    timer ??= setTimeout(release, MOST_HELD_MS - (now() - heldSince));
    timer.unref();
  };
  return {
    progressed,
    /** Around each batch's write: what is passed meanwhile waits for it. */
    writing: async <T>(write: () => Promise<T>): Promise<T> => {
      writing++;
      try {
        return await write();
      } finally {
        writing--;
      }
    },
    stop: () => clearTimeout(timer),
  };
};

/**
 * A promise kept only once it succeeded: every call shares the attempt under way or the one that
 * succeeded, while a failed attempt is forgotten, so the call after it tries again. Preparing a
 * server's indexes once per process is the use: a transient error (a failover, a timeout) then
 * costs the calls that met it, not every call until the process restarts.
 */
export const onceSucceeded = <T>(attempt: () => Promise<T>): (() => Promise<T>) => {
  let kept: Promise<T> | undefined;
  return () => {
    if (kept) return kept;
    // An attempt that throws before its first await still rejects, rather than throwing here.
    const trying = (async () => attempt())();
    kept = trying;
    trying.catch(() => {
      kept = undefined;
    });
    return trying;
  };
};

import { useCallback, useState } from 'preact/hooks';
import type { Problem } from './api';
import { asProblem } from './api';

export type Action<A extends unknown[], T> = {
  /** Runs the action; resolves with its result, or undefined when it failed (see `problem`). */
  run: (...args: A) => Promise<T | undefined>;
  busy: boolean;
  /** Why the last run failed, as the API said (a 403 for what the key or session may not do). */
  problem: Problem | undefined;
  clear: () => void;
};

/**
 * A button's work against the API: busy while it runs, and the API's problem kept to show beside
 * it. Actions are never hidden from a key that may not run them on the console: the API refuses
 * them, and the refusal is what the reader sees.
 */
export const useAction = <A extends unknown[], T>(
  work: (...args: A) => Promise<T>,
): Action<A, T> => {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  const run = useCallback(
    async (...args: A) => {
      setBusy(true);
      setProblem(undefined);
      try {
        return await work(...args);
      } catch (error) {
        setProblem(asProblem(error));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [work],
  );
  return { run, busy, problem, clear: useCallback(() => setProblem(undefined), []) };
};

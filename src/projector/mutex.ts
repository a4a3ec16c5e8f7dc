/** Runs tasks one at a time, in the order they ask. */
export type Mutex = { run: <T>(task: () => Promise<T>) => Promise<T> };

export const mutex = (): Mutex => {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run: <T>(task: () => Promise<T>) => {
      const result = tail.then(task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
};

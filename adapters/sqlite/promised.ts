/**
 * better-sqlite3 is synchronous while the ports are asynchronous (other stores need the network):
 * this lifts a synchronous function into one that settles a promise, throws included.
 */
export const promised =
  <Args extends unknown[], Result>(fn: (...args: Args) => Result) =>
  (...args: Args): Promise<Result> => {
    try {
      return Promise.resolve(fn(...args));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

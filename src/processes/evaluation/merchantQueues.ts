/** Work waiting for an evaluator, kept apart by merchant. */
export type MerchantQueues<T> = {
  push: (merchantId: string, item: T) => void;
  /** The next item in turn, undefined when none waits. */
  take: () => T | undefined;
  /** Every item still waiting, the queues emptied. */
  drain: () => T[];
  readonly size: number;
};

/**
 * One queue per merchant, served in turn: each merchant with work waiting has one item taken
 * before any has a second. A merchant with a thousand evaluations queued delays another's next
 * one by at most one of its own per evaluator.
 */
export const merchantQueues = <T>(): MerchantQueues<T> => {
  // A Map keeps its keys in insertion order: the merchant just served goes to the back.
  const queues = new Map<string, T[]>();
  let size = 0;
  return {
    push: (merchantId, item) => {
      const queue = queues.get(merchantId);
      if (queue) queue.push(item);
      else queues.set(merchantId, [item]);
      size++;
    },
    take: () => {
      const first = queues.entries().next();
      if (first.done) return undefined;
      const [merchantId, queue] = first.value;
      const item = queue.shift()!;
      queues.delete(merchantId);
      if (queue.length > 0) queues.set(merchantId, queue);
      size--;
      return item;
    },
    drain: () => {
      const all = [...queues.values()].flat();
      queues.clear();
      size = 0;
      return all;
    },
    get size() {
      return size;
    },
  };
};

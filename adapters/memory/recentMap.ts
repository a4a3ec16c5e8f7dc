/**
 * A map that keeps its most recent entries, within a capacity: those set or read lately survive,
 * the others go. It keeps them in two generations: entries go into the young one, and once it has
 * taken half the capacity it becomes the old one, the old one being dropped whole. A read of an
 * old entry moves it to the young one. Everything costs the same whatever the map holds.
 *
 * A single Map kept in order of use (delete, then set again; the oldest deleted from its head)
 * does not: V8 leaves a deleted entry's slot in place until the table is rebuilt, and every look
 * for the head walks past all those slots, which made each insertion into a full map of 10,000
 * cost some ten microseconds.
 */
export type RecentMap<K, V> = {
  get: (key: K) => V | undefined;
  set: (key: K, value: V) => void;
  delete: (key: K) => void;
  clear: () => void;
};

/**
 * `capacity` is counted in entries, or in what `weigh` says each value weighs. It holds at least
 * half its capacity of the most recent entries, and at most the whole.
 */
export const recentMap = <K, V>(
  capacity: number,
  weigh: (value: V) => number = () => 1,
): RecentMap<K, V> => {
  const half = capacity / 2;
  let young = new Map<K, V>();
  let old = new Map<K, V>();
  let youngWeight = 0;
  const put = (key: K, value: V) => {
    const before = young.get(key);
    if (before !== undefined) youngWeight -= weigh(before);
    young.set(key, value);
    youngWeight += weigh(value);
    if (youngWeight >= half) {
      old = young;
      young = new Map();
      youngWeight = 0;
    }
  };
  return {
    get: (key) => {
      const value = young.get(key);
      if (value !== undefined) return value;
      const aged = old.get(key);
      if (aged === undefined) return undefined;
      old.delete(key);
      put(key, aged);
      return aged;
    },
    set: (key, value) => {
      old.delete(key);
      put(key, value);
    },
    delete: (key) => {
      const value = young.get(key);
      if (value !== undefined) {
        young.delete(key);
        youngWeight -= weigh(value);
      }
      old.delete(key);
    },
    clear: () => {
      young = new Map();
      old = new Map();
      youngWeight = 0;
    },
  };
};

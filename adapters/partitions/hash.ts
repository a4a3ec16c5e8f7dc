/** FNV-1a: a key's partition is the same in every process. */
export const hashOf = (key: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

export const DEFAULT_PARTITIONS = 12;

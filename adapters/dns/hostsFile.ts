import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { ResolvedAddress } from './resolvedAddress.js';

export const SYSTEM_HOSTS_FILE = '/etc/hosts';

/**
 * The names a hosts file pins, each with its addresses in the file's order. A file that cannot be
 * read pins nothing: the machine has none, or it is not ours to read.
 */
export const readHostsFile = (path: string): Map<string, ResolvedAddress[]> => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return new Map();
  }
  const pinned = new Map<string, ResolvedAddress[]>();
  for (const line of text.split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    const family = address ? isIP(address) : 0;
    if (family !== 4 && family !== 6) continue;
    for (const name of names) {
      const key = name.toLowerCase().replace(/\.$/, '');
      const known = pinned.get(key) ?? [];
      if (!known.some((a) => a.address === address)) known.push({ address: address!, family });
      pinned.set(key, known);
    }
  }
  return pinned;
};

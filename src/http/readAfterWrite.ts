import { isPassingStoreFault } from '../../adapters/storeFaults.js';

/**
 * A read of what a write just did, for its answer. The write has happened: should the database
 * fail this read (cut off, restarting), the answer says what was recorded (undefined here, and the
 * caller answers from the write itself) rather than a 503 that would make the caller think
 * nothing was done.
 */
export const readAfterWrite = async <T>(
  read: () => Promise<T | undefined>,
): Promise<T | undefined> => {
  try {
    return await read();
  } catch (error) {
    if (isPassingStoreFault(error)) return undefined;
    throw error;
  }
};

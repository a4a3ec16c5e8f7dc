import { recentMap } from '../../memory/recentMap.js';

/** What this store last committed to a stream: the revision of its last event. */
export type RecentRevisions = {
  get: (stream: string) => number | undefined;
  set: (stream: string, revision: number) => void;
  forget: (stream: string) => void;
};

/**
 * The revisions this store committed last, for its most recent streams. An append that expects a
 * stream where this store left it needs no read of the stream's revision: had another process
 * appended since, the unique (stream, revision) would refuse its insert. Streams not written
 * lately are forgotten (at most `capacity` are kept); their appends read the revision again.
 */
export const recentRevisions = (capacity: number): RecentRevisions => {
  const revisions = recentMap<string, number>(capacity);
  return { get: revisions.get, set: revisions.set, forget: revisions.delete };
};

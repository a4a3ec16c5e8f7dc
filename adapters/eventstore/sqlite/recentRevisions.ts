/** What this store last committed to a stream: the revision of its last event. */
export type RecentRevisions = {
  get: (stream: string) => number | undefined;
  set: (stream: string, revision: number) => void;
  forget: (stream: string) => void;
};

/**
 * The revisions this store committed last, for its most recent streams. An append that expects a
 * stream where this store left it needs no read of the stream's revision: had another process
 * appended since, the unique (stream, revision) would refuse its insert. The oldest are forgotten
 * past `capacity`; their appends read the revision again.
 */
export const recentRevisions = (capacity: number): RecentRevisions => {
  const revisions = new Map<string, number>();
  return {
    get: (stream) => revisions.get(stream),
    set: (stream, revision) => {
      // Deleted first, so that the map's order stays the order of last use.
      if (!revisions.delete(stream) && revisions.size >= capacity)
        revisions.delete(revisions.keys().next().value!);
      revisions.set(stream, revision);
    },
    forget: (stream) => revisions.delete(stream),
  };
};

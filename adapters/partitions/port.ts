/**
 * Work split by key into partitions, each held by one member of a group at a time: a dispatcher
 * holds its share of the endpoints, so each endpoint's limits are kept by one process; a projector
 * holds the single partition of its group, so one projector writes at a time. A member that dies
 * loses what it held when its lease runs out, and the others take it over.
 */
export type PartitionHold = {
  /** Whether this member holds the key's partition now, so may start its work. */
  holds: (key: string) => boolean;
  /** The key's partition: the same in every process. */
  partitionOf: (key: string) => number;
  /** Called after what this member holds changed: work of a partition gained may be waiting. */
  onChange: (listener: () => void) => void;
  /** Gives back what it holds, for the others to take at once. */
  leave: () => Promise<void>;
};

export type JoinOptions = {
  /**
   * Whether a partition this member is to give up (the group grew) may be given up now. Until it
   * may, the member still holds it but starts no new work of it (`holds` is false), so the next
   * holder never works beside it.
   */
  mayRelease?: (partition: number) => boolean;
  /** Partitions of the group (default 12); every member of a group must agree. */
  partitions?: number;
};

export type WorkPartitions = {
  join: (group: string, options?: JoinOptions) => Promise<PartitionHold>;
};

import type { RecordedEvent } from '../domain/shared/envelope.js';
import type { EventFilter } from '../domain/shared/eventFilter.js';

/** A read-model document: a JSON object with an `id` unique in its collection. */
export type Doc = { id: string } & Record<string, unknown>;

export type CollectionSpec = {
  name: string;
  /** Each index lists top-level fields, in order; queries filter by equality and sort by the last. */
  indexes: readonly (readonly string[])[];
};

/**
 * What a projection asks of the read store for one event. `patch` sets and increments top-level
 * fields; when the document is missing it is created from `setOnInsert` (or left absent when
 * there is none), so that applying changes reads no state and stays pure.
 */
export type Change =
  | {
      op: 'put';
      collection: string;
      doc: Doc;
      /**
       * The document cannot exist before this change: its id is born with the event (the first
       * event of a stream). A store may then skip work, such as a deletion of it later in the
       * same batch, which leaves nothing to write at all.
       */
      fresh?: boolean;
    }
  | {
      op: 'patch';
      collection: string;
      id: string;
      set?: Record<string, unknown>;
      inc?: Record<string, number>;
      setOnInsert?: Record<string, unknown>;
    }
  | { op: 'delete'; collection: string; id: string };

export type Projection = {
  name: string;
  /** The collections this projection alone writes; a rebuild recreates all of them. */
  collections: readonly CollectionSpec[];
  /** The events it reads: the runner asks the store for these only. */
  filter: EventFilter;
  project: (event: RecordedEvent) => readonly Change[];
};

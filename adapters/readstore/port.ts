import type { Position } from '../../domain/shared/envelope.js';
import type { Change, CollectionSpec, Doc } from '../../projections/projection.js';

export type Scalar = string | number | boolean | null;

export type FindQuery = {
  where?: Record<string, Scalar>;
  /** Documents whose field holds none of these values. */
  exclude?: Record<string, readonly Scalar[]>;
  /** Bounds on the sort field, inclusive. */
  range?: { gte?: Scalar; lte?: Scalar };
  orderBy: { field: string; direction: 'asc' | 'desc' };
  /** An opaque cursor from a previous page's `nextCursor`. */
  cursor?: string;
  limit: number;
};

export type FindPage = { docs: Doc[]; nextCursor: string | null };

/** The groups of a collection, each by its first document: see `ReadStore.firstOfEach`. */
export type FirstOfEachQuery = {
  /** The field whose values make the groups, taken in ascending order. */
  groupBy: string;
  /** The field that orders a group's documents (ascending): its least is the group's first. */
  orderBy: string;
  /** Only the groups after this value of `groupBy`: the next page. */
  after?: string;
  limit: number;
};

/**
 * Which tables a projection writes: the live ones, or a rebuild's fresh generation beside them.
 * A live batch may say which checkpoint its writer last knew (`follows`): the batch is refused
 * with StaleBatchError when another writer moved the checkpoint past it meanwhile (a projector
 * that paused past its lease, while another took over), so that no event is applied twice.
 */
export type Target = { kind: 'live'; follows?: Position } | { kind: 'rebuild'; generation: number };

/** Another writer applied part of the batch meanwhile: the stored checkpoint is past its start. */
export class StaleBatchError extends Error {
  constructor(
    readonly projection: string,
    readonly stored: Position,
  ) {
    super(`Another writer moved ${projection} to ${stored} meanwhile.`);
    this.name = 'StaleBatchError';
  }
}

export type ProjectionState = {
  name: string;
  generation: number;
  checkpoint: Position | undefined;
  rebuild: { generation: number; checkpoint: Position | undefined } | null;
};

export type ReadStore = {
  /** Creates the projection's live collections if missing; returns its state. */
  registerProjection: (
    name: string,
    collections: readonly CollectionSpec[],
  ) => Promise<ProjectionState>;
  state: (name: string) => Promise<ProjectionState | undefined>;
  /**
   * Applies one batch of changes and moves the checkpoint, all or nothing. A batch whose
   * checkpoint is not past the stored one is ignored (returns false): re-delivered events are
   * never applied twice. A store may settle a rebuild's batch once it has taken it in, before it
   * commits (to make the next meanwhile): `state` and the calls that end a rebuild then wait for
   * every batch taken to commit, and throw if one could not.
   */
  apply: (
    name: string,
    target: Target,
    changes: readonly Change[],
    checkpoint: Position,
  ) => Promise<boolean>;
  /**
   * `apply` to the live tables, at once, inside the caller's open transaction on the same database
   * (an append's, say). Only stores that share a database with the event store offer it.
   */
  applyInTransaction?: (name: string, changes: readonly Change[], checkpoint: Position) => boolean;
  get: (collection: string, id: string) => Promise<Doc | undefined>;
  find: (collection: string, query: FindQuery) => Promise<FindPage>;
  /**
   * The first document of each group, groups in ascending order. Given an index on
   * (groupBy, orderBy), each group costs one seek however many documents it holds: a group with a
   * long backlog costs the others nothing.
   */
  firstOfEach: (collection: string, query: FirstOfEachQuery) => Promise<Doc[]>;
  /**
   * How many documents `find` would list over all its pages, counting no further than `atMost`
   * when given: a count's cost grows with what it counts.
   */
  count: (
    collection: string,
    query: Omit<FindQuery, 'cursor' | 'limit'>,
    atMost?: number,
  ) => Promise<number>;
  /** Fresh, empty tables for every collection of the projection; returns their generation. */
  beginRebuild: (name: string) => Promise<number>;
  /**
   * The rebuild's tables hold (nearly) the whole log: build their indexes now, before the swap.
   * `completeRebuild` builds any still missing.
   */
  indexRebuild: (name: string, generation: number) => Promise<void>;
  /** Makes the rebuild's tables and checkpoint the live ones, at once, and drops the old. */
  completeRebuild: (name: string, generation: number) => Promise<void>;
  abandonRebuild: (name: string, generation: number) => Promise<void>;
  ping: () => Promise<void>;
};

/** A cursor that no list of this store issued: the caller's fault, reported as a bad parameter. */
export class InvalidCursorError extends Error {
  constructor() {
    super('The cursor is not one this list issued.');
    this.name = 'InvalidCursorError';
  }
}

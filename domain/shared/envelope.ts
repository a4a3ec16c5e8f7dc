/**
 * The event envelope every store adapter reads and writes. Positions are opaque strings: only
 * the store that issued one compares it (through `comparePositions`, which treats them as
 * non-negative integers, the common ground of SQLite row ids and EventStoreDB commit positions).
 */
export type Position = string & { readonly __brand: 'Position' };

export const position = (value: bigint | number | string): Position => String(value) as Position;

/** A position as a store writes one: a non-negative integer in decimal. */
export const isPosition = (value: unknown): value is Position =>
  typeof value === 'string' && /^[0-9]{1,40}$/.test(value);

/** Written as the stores write integers: no leading zero, so the longer is the larger. */
const canonical = (value: string): boolean => value.length === 1 || value.charCodeAt(0) !== 48;

export const comparePositions = (a: Position, b: Position): number => {
  // Compared as text when both are written canonically: every append and every wait compares
  // positions, and a BigInt made from text costs more than the comparison it serves.
  if (canonical(a) && canonical(b)) {
    if (a.length !== b.length) return a.length < b.length ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

export type EventMetadata = {
  merchant_id: string | null;
  /** The id of the API key (never the key) or worker that caused the event. */
  actor: string | null;
  request_id: string | null;
  correlation_id: string | null;
  causation_id: string | null;
};

/** A domain event as a decider produces it: a type and its data. */
export type DomainEvent<Type extends string = string, Data = unknown> = {
  type: Type;
  data: Data;
};

/** An event ready to append: the envelope's id and metadata are set by the caller. */
export type NewEvent<E extends DomainEvent = DomainEvent> = E & {
  id: string;
  metadata: EventMetadata;
};

export type RecordedEvent<E extends DomainEvent = DomainEvent> = NewEvent<E> & {
  stream: string;
  /** 0 for the first event of a stream. */
  revision: number;
  position: Position;
  recorded_at: string;
};

export const emptyMetadata = (): EventMetadata => ({
  merchant_id: null,
  actor: null,
  request_id: null,
  correlation_id: null,
  causation_id: null,
});

/** Metadata of an event caused by another: same merchant and correlation, the cause's id as causation. */
export const causedBy = (cause: RecordedEvent, actor: string): EventMetadata => ({
  merchant_id: cause.metadata.merchant_id,
  actor,
  request_id: cause.metadata.request_id,
  correlation_id: cause.metadata.correlation_id ?? cause.id,
  causation_id: cause.id,
});

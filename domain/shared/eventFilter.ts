/**
 * Which events a read or a subscription wants. An event passes when it matches a prefix of each
 * list given, and equals each exact value given (an auditor's question: this type, this stream,
 * this merchant, this correlation).
 */
export type EventFilter = {
  typePrefixes?: readonly string[];
  streamPrefixes?: readonly string[];
  type?: string;
  stream?: string;
  merchantId?: string;
  /** Events of one chain of causes: those whose metadata carry this correlation id. */
  correlationId?: string;
};

export const matchesFilter = (
  filter: EventFilter | undefined,
  event: {
    type: string;
    stream: string;
    metadata: { merchant_id: string | null; correlation_id: string | null };
  },
): boolean => {
  if (!filter) return true;
  const any = (prefixes: readonly string[] | undefined, value: string) =>
    !prefixes || prefixes.length === 0 || prefixes.some((p) => value.startsWith(p));
  return (
    any(filter.typePrefixes, event.type) &&
    any(filter.streamPrefixes, event.stream) &&
    (filter.type === undefined || filter.type === event.type) &&
    (filter.stream === undefined || filter.stream === event.stream) &&
    (filter.merchantId === undefined || filter.merchantId === event.metadata.merchant_id) &&
    (filter.correlationId === undefined || filter.correlationId === event.metadata.correlation_id)
  );
};

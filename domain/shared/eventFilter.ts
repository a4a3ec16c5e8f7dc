/** Which events a read or a subscription wants; an event passes when it matches a prefix of each list given. */
export type EventFilter = {
  typePrefixes?: readonly string[];
  streamPrefixes?: readonly string[];
};

export const matchesFilter = (
  filter: EventFilter | undefined,
  event: { type: string; stream: string },
): boolean => {
  const any = (prefixes: readonly string[] | undefined, value: string) =>
    !prefixes || prefixes.length === 0 || prefixes.some((p) => value.startsWith(p));
  return any(filter?.typePrefixes, event.type) && any(filter?.streamPrefixes, event.stream);
};

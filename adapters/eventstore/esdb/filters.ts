import type { Filter } from '@eventstore/db-client';
import { eventTypeFilter, excludeSystemEvents, streamNameFilter } from '@eventstore/db-client';
import type { EventFilter } from '../../../domain/shared/eventFilter.js';

/** A literal in a .NET regular expression (the server's dialect escapes the same characters). */
const literal = (value: string): string => value.replace(/[\\^$.|?*+()[\]{}#\s]/g, '\\$&');

/**
 * The part of the port's filter the server can apply to a subscription. EventStoreDB filters on
 * one thing, the stream name or the event type, by prefixes or a regular expression, so the most
 * selective part is sent: an exact stream, then an exact type, then type prefixes, then stream
 * prefixes. The merchant and the correlation live in the metadata, which the server cannot filter on. Whatever the
 * server does not apply is applied on arrival (`matchesFilter`). With nothing to send, the server still
 * leaves out its own events.
 */
export const serverFilter = (filter: EventFilter | undefined): Filter => {
  if (filter?.stream !== undefined)
    return streamNameFilter({ regex: `^${literal(filter.stream)}$` });
  if (filter?.type !== undefined) return eventTypeFilter({ regex: `^${literal(filter.type)}$` });
  if (filter?.typePrefixes?.length) return eventTypeFilter({ prefixes: [...filter.typePrefixes] });
  if (filter?.streamPrefixes?.length)
    return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
  return excludeSystemEvents();
};

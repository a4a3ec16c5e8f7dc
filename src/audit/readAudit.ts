import type { EventStore } from '../../adapters/eventstore/port.js';
import type { Position, RecordedEvent } from '../../domain/shared/envelope.js';
import type { EventFilter } from '../../domain/shared/eventFilter.js';

export type AuditPage = {
  events: RecordedEvent[];
  /** Pass it back as `from` for the next page; undefined only while the log is empty. */
  next: Position | undefined;
  hasMore: boolean;
};

/**
 * Reads of the log one page may make. A store whose filtered reads stop at a scan budget (the
 * card's EventStoreDB filters on the client) would otherwise read the whole log for a filter that
 * matches nothing: the page then ends short, even empty, with `hasMore` and where to go on from.
 */
const MOST_READS_PER_PAGE = 4;

/**
 * One page of the log from a position: after it, oldest first; or, `backward`, before it (from the
 * end when there is none), newest first. The page is read one event past the limit, so that
 * `hasMore` is exact, and only that many events are ever held, however long the log.
 */
export const readAuditPage = async (
  eventStore: Pick<EventStore, 'readAll'>,
  options: {
    from: Position | undefined;
    direction: 'forward' | 'backward';
    filter: EventFilter;
    limit: number;
  },
): Promise<AuditPage> => {
  const events: RecordedEvent[] = [];
  const { direction } = options;
  let after = options.from;
  for (let reads = 1; ; reads++) {
    const page = await eventStore.readAll({
      ...(after !== undefined && (direction === 'forward' ? { after } : { before: after })),
      direction,
      filter: options.filter,
      limit: options.limit + 1 - events.length,
    });
    events.push(...page.events);
    if (events.length > options.limit) {
      const kept = events.slice(0, options.limit);
      return { events: kept, next: kept[kept.length - 1]?.position ?? after, hasMore: true };
    }
    // The scan moved past events the filter skipped: the next page need not scan them again.
    after = page.scannedTo ?? after;
    if (page.atEnd) return { events, next: after, hasMore: false };
    if (reads === MOST_READS_PER_PAGE) return { events, next: after, hasMore: true };
  }
};

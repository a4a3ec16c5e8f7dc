import type {
  AllStreamResolvedEvent,
  AppendToStreamOptions,
  EventData,
  EventStoreDBClient,
  Position as EsdbPosition,
  ReadAllOptions,
  SubscribeToAllOptions,
} from '@eventstore/db-client';
import { UnknownError } from '@eventstore/db-client';
import { PassThrough } from 'node:stream';

/** A record of a fake `$all`: where it starts, and what it holds. */
export type FakeRecord = { at: bigint; stream?: string; type?: string };

export const resolved = (record: FakeRecord): AllStreamResolvedEvent =>
  ({
    event: {
      streamId: record.stream ?? 's-1',
      id: '00000000-0000-4000-8000-000000000000',
      revision: 0n,
      type: record.type ?? 'test.happened',
      data: {},
      metadata: { merchant_id: null, actor: null, request_id: null },
      isJson: true,
      created: new Date(0),
      position: { commit: record.at, prepare: record.at },
    },
    commitPosition: record.at,
  }) as unknown as AllStreamResolvedEvent;

/** A subscription the test drives: it pushes arrivals, ends it, or fails it. */
export type FakeSubscription = PassThrough & {
  from: EsdbPosition | 'start' | 'end' | undefined;
  unsubscribe: () => Promise<void>;
};

/**
 * Just enough of the client for the adapter without a server. `readAll` answers as the server
 * does: from a record's own position it includes that record (forwards or backwards), from a
 * position inside a record it fails with UNKNOWN (`brokenLog` makes every read fail so), forwards
 * past the end it finds nothing.
 */
export const fakeClient = (
  records: readonly FakeRecord[] = [],
  behaviour: {
    brokenLog?: boolean;
    append?: (stream: string, events: EventData[], options?: AppendToStreamOptions) => unknown;
  } = {},
) => {
  const reads: Array<{ fromPosition: unknown; maxCount: number }> = [];
  const subscriptions: FakeSubscription[] = [];
  const appends: Array<{ stream: string; events: EventData[] }> = [];
  const log = [...records].sort((a, b) => (a.at < b.at ? -1 : 1));

  const readAll = (options: ReadAllOptions = {}): AllStreamResolvedEvent[] => {
    const fromPosition = options.fromPosition ?? 'start';
    const maxCount = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    reads.push({ fromPosition, maxCount });
    if (behaviour.brokenLog) throw new UnknownError();
    const last = log[log.length - 1];
    const inside = (at: bigint) =>
      at >= 0n && last && at <= last.at && !log.some((r) => r.at === at);
    if (options.direction === 'backwards') {
      if (fromPosition === 'end' || fromPosition === 'start')
        return log.slice(-maxCount).reverse().map(resolved);
      if (inside(fromPosition.commit)) throw new UnknownError();
      return log
        .filter((r) => r.at <= fromPosition.commit)
        .reverse()
        .slice(0, maxCount)
        .map(resolved);
    }
    if (fromPosition === 'end') return [];
    const from = fromPosition === 'start' ? -1n : fromPosition.commit;
    if (inside(from)) throw new UnknownError();
    return log
      .filter((r) => r.at >= from)
      .slice(0, maxCount)
      .map(resolved);
  };

  const subscribeToAll = (options: SubscribeToAllOptions = {}) => {
    const stream = Object.assign(new PassThrough({ objectMode: true }), {
      from: options.fromPosition,
      unsubscribe: () => {
        stream.destroy();
        return Promise.resolve();
      },
    });
    subscriptions.push(stream);
    return stream;
  };

  const appendToStream = (stream: string, events: EventData[], options?: AppendToStreamOptions) => {
    appends.push({ stream, events });
    return Promise.resolve(behaviour.append?.(stream, events, options));
  };

  const client = { readAll, subscribeToAll, appendToStream } as unknown as EventStoreDBClient;
  return { client, reads, subscriptions, appends };
};

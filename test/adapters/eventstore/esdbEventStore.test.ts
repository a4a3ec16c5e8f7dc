import { EventStoreDBClient } from '@eventstore/db-client';
import { esdbEventStore } from '../../../adapters/eventstore/esdb/esdbEventStore.js';
import type { EventStore } from '../../../adapters/eventstore/port.js';
import { skipSuite } from '../../support/skipSuite.js';
import { eventStoreContract } from './eventStore.contract.js';

const url = process.env.EVENTSTORE_URL;

if (url === undefined || url === '') {
  skipSuite(
    'EventStoreDB contract suite',
    'EVENTSTORE_URL is not set (docker compose up -d eventstore, then EVENTSTORE_URL=esdb://localhost:2113?tls=false)',
  );
} else {
  eventStoreContract('EventStoreDB', () => {
    const client = EventStoreDBClient.connectionString(url);
    const store = esdbEventStore(client);
    // Every test writes to streams of its own; they are deleted afterwards.
    const written = new Set<string>();
    const tracked: EventStore = {
      ...store,
      append: (stream, events, expected) => {
        written.add(stream);
        return store.append(stream, events, expected);
      },
    };
    return Promise.resolve({
      store: tracked,
      close: async () => {
        await store.close();
        for (const stream of written) await client.deleteStream(stream).catch(() => undefined);
        await client.dispose();
      },
    });
  });
}

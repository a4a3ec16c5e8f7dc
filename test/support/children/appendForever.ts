/**
 * Appends events to the store in the given file one by one, printing each event's id once its
 * append returned, until it is killed. Run as a child process by the durability tests.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { sqliteEventStore } from '../../../adapters/eventstore/sqlite/sqliteEventStore.js';
import { openSqlite } from '../../../adapters/sqlite/database.js';
import { newEvent } from '../events.js';

const file = process.argv[2];
if (!file) throw new Error('usage: appendForever <sqlite file>');
const store = sqliteEventStore(openSqlite({ file }));

const loop = async () => {
  for (let i = 0; ; i++) {
    const event = newEvent('durable.appended', { i });
    const result = await store.append(`durable-${i % 10}`, [event], 'any');
    if (isRight(result)) process.stdout.write(`${event.id}\n`);
  }
};
void loop();

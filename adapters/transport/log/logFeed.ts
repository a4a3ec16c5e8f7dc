import type { EventStore } from '../../eventstore/port.js';
import type { EventFeed, FeedCheckpoint } from '../port.js';

/**
 * The embedded mode's feed: each group follows the local log from its checkpoint. One process
 * runs every worker, so a group has one member, and the log's order is every key's order.
 */
export const logFeed = (
  eventStore: Pick<EventStore, 'subscribe' | 'headPosition'>,
  checkpointOf: (group: string) => Promise<FeedCheckpoint>,
): EventFeed => ({
  consume: async (group, filter, handler, options = {}) => {
    const checkpoint = await checkpointOf(group);
    let after = await checkpoint.load();
    if (after === undefined && options.firstFrom === 'end') {
      after = await eventStore.headPosition();
      // Where a new group starts is kept at once: a group killed before its first batch would
      // otherwise start again from the end, past the events recorded meanwhile.
      if (after !== undefined) {
        await checkpoint.save(after);
        await checkpoint.flush();
      }
    }
    // A batch is done once the handler returns: only then does the checkpoint pass it. A handler
    // that rejects, or a checkpoint that cannot be kept, has its batch handed again.
    const subscription = eventStore.subscribe(
      {
        ...(after && { after }),
        filter,
        ...(options.onTrouble && { onTrouble: options.onTrouble }),
      },
      async (events, progress) => {
        if (events.length > 0) await handler(events);
        await checkpoint.save(progress.scannedTo);
      },
    );
    return {
      stop: async () => {
        await subscription.stop();
        await checkpoint.flush();
      },
    };
  },
});

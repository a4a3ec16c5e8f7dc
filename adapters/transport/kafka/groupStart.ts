import type { KafkaLog } from './options.js';
import type { AdminClient } from './topicSetup.js';

/** What the coordinator answers for a partition on which the group never committed. */
const NO_OFFSET = '-1';

const hasStarted = async (admin: AdminClient, groupId: string, topic: string) =>
  (await admin.fetchOffsets({ groupId, topics: [topic] }))
    .flatMap(({ partitions }) => partitions)
    .some(({ offset }) => offset !== NO_OFFSET);

/**
 * Starts a group that has never consumed at the end of the topic as it stands now, before any
 * member runs: the group's offsets are committed at each partition's high watermark, so every
 * message published once this returns reaches the group, on whichever member gets its partition,
 * even one that joins or restarts before anything was handled. (Left to the client, "latest" is
 * looked up only at the member's first fetch, some time after it runs, and never committed.)
 * The broker sets a group's offsets only while none of its members runs; a member that finds it
 * running lost a race with another member starting the same group, which set them.
 */
export const startGroupAtEnd = async (
  admin: AdminClient,
  groupId: string,
  topic: string,
  log: KafkaLog,
): Promise<void> => {
  await admin.connect();
  try {
    if (await hasStarted(admin, groupId, topic)) return;
    const ends = await admin.fetchTopicOffsets(topic);
    try {
      await admin.setOffsets({
        groupId,
        topic,
        partitions: ends.map(({ partition, high }) => ({ partition, offset: high })),
      });
    } catch (error) {
      if (await hasStarted(admin, groupId, topic)) return;
      // The client's own "latest" at the first fetch is the fallback.
      log('warn', 'could not set where a new group starts', { groupId, error: String(error) });
    }
  } finally {
    await admin.disconnect();
  }
};

import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Admin } from 'kafkajs';
import { Kafka, logLevel } from 'kafkajs';
import type { KafkaTransport } from '../../../adapters/transport/kafka/kafkaTransport.js';
import { kafkaTransport } from '../../../adapters/transport/kafka/kafkaTransport.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import { newEvent } from '../../support/events.js';
import { skipSuite } from '../../support/skipSuite.js';

const brokers = process.env.KAFKA_BROKERS;

const until = async (done: () => boolean | Promise<boolean>, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

type Handled = { member: string; stream: string; type: string };

/** A topic and a group of this test's own, on the shared broker. */
const openGroup = (list: readonly string[]) => {
  const run = randomUUID().slice(0, 8);
  const topic = `sluice.test.${run}`;
  const transport: KafkaTransport = kafkaTransport({
    brokers: list,
    topic,
    partitions: 6,
    clientId: `sluice-test-${run}`,
    log: () => undefined,
  });
  const kafka = new Kafka({
    brokers: [...list],
    clientId: `sluice-test-${run}`,
    logLevel: logLevel.NOTHING,
  });
  const admin: Admin = kafka.admin();
  let next = 0;
  const publish = (streams: readonly string[], type: string) =>
    transport.topic.publish(
      streams.map((stream) => {
        const event: RecordedEvent = {
          ...newEvent(type),
          stream,
          revision: 0,
          position: position(++next),
          recorded_at: new Date().toISOString(),
        };
        return { key: stream, event };
      }),
    );
  const handled: Handled[] = [];
  const member = (name: string, handle: () => Promise<void> = () => Promise.resolve()) =>
    transport.feed.consume('workers', { streamPrefixes: ['job-'] }, async (events) => {
      await handle();
      for (const event of events)
        handled.push({ member: name, stream: event.stream, type: event.type });
    });
  /** Once the group is stable with this many members, each holding partitions. */
  const settled = (members: number) =>
    until(async () => {
      const [group] = (await admin.describeGroups([`${topic}.workers`])).groups;
      return group?.state === 'Stable' && group.members.length === members;
    });
  const jobs = (count: number) => Array.from({ length: count }, (_, i) => `job-${i}`);
  return { topic, kafka, admin, transport, publish, handled, member, settled, jobs };
};

if (brokers === undefined || brokers === '') {
  skipSuite(
    'Kafka feed: the members of a group',
    'KAFKA_BROKERS is not set (docker compose up -d kafka, then KAFKA_BROKERS=localhost:9092)',
  );
} else {
  const list = brokers.split(',');

  describe('Kafka feed: the members of a group', function () {
    this.timeout(120_000);
    let group: ReturnType<typeof openGroup>;
    beforeEach(async () => {
      group = openGroup(list);
      await group.admin.connect();
    });
    afterEach(async () => {
      await group.transport.close();
      await group.admin.disconnect();
    });

    it('share the partitions, a key with one member, and take over those a member gives back', async () => {
      const { publish, handled, member, settled, jobs } = group;
      const first = await member('first');
      await member('second');
      await settled(2);
      await publish(jobs(40), 'job.created');
      await until(() => handled.length >= 40);
      expect(new Set(handled.map((h) => h.stream)).size).to.equal(40);
      expect(handled.some((h) => h.member === 'first')).to.equal(true);
      expect(handled.some((h) => h.member === 'second')).to.equal(true);
      for (const stream of jobs(40))
        expect(
          new Set(handled.filter((h) => h.stream === stream).map((h) => h.member)).size,
        ).to.equal(1);

      await first.stop();
      await settled(1);
      await publish(jobs(40), 'job.done');
      await until(() => handled.filter((h) => h.type === 'job.done').length >= 40);
      const done = handled.filter((h) => h.type === 'job.done');
      expect(new Set(done.map((h) => h.member))).to.deep.equal(new Set(['second']));
      expect(done).to.have.length(40);
    });

    it('keeps a member whose handler is busy past the session timeout', async () => {
      const { publish, handled, member, jobs } = group;
      let calls = 0;
      // Longer than the 30 s a member without heartbeats is kept for.
      await member('slow', async () => {
        if (++calls === 1) await new Promise((resolve) => setTimeout(resolve, 35_000));
      });
      await publish(jobs(1), 'job.created');
      await until(() => handled.length >= 1, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      // Dropped from the group, it would have had its commit refused and the job handed again.
      expect(handled).to.have.length(1);
      expect(calls).to.equal(1);
    });

    it('refuses the commit of a member the group dropped, its batch handed to the survivor', async () => {
      const { topic, kafka, admin, publish, handled, member, jobs } = group;
      await publish(jobs(6), 'job.created');
      // A member stuck in its batch without a heartbeat, as one that sends none would be.
      const ghost = kafka.consumer({
        groupId: `${topic}.workers`,
        sessionTimeout: 6000,
        rebalanceTimeout: 10_000,
        heartbeatInterval: 1000,
      });
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let took = false;
      let stale: unknown;
      await ghost.connect();
      await ghost.subscribe({ topics: [topic], fromBeginning: true });
      await ghost.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch }) => {
          if (took) return;
          took = true;
          await released;
          // Rewinding the group to the start, were it still the partition's owner.
          await ghost
            .commitOffsets([{ topic, partition: batch.partition, offset: '0' }])
            .catch((error: unknown) => (stale = error));
        },
      });
      try {
        await until(() => took);
        await member('survivor');
        await until(() => new Set(handled.map((h) => h.stream)).size >= 6);
        release();
        await until(() => stale !== undefined, 20_000);
        const [committed] = await admin.fetchOffsets({
          groupId: `${topic}.workers`,
          topics: [topic],
        });
        const ends = await admin.fetchTopicOffsets(topic);
        // Every partition that holds a job is committed at its end, as the survivor left it.
        for (const { partition, high } of ends.filter((end) => end.high !== '0'))
          expect(committed!.partitions.find((p) => p.partition === partition)?.offset).to.equal(
            high,
          );
      } finally {
        release();
        await ghost.disconnect();
      }
    });
  });
}

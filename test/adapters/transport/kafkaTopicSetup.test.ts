import { expect } from 'chai';
import type { ITopicConfig } from 'kafkajs';
import type { AdminClient } from '../../../adapters/transport/kafka/topicSetup.js';
import { durableTopic, topicCreation } from '../../../adapters/transport/kafka/topicSetup.js';

const config = (topic: ITopicConfig) =>
  Object.fromEntries((topic.configEntries ?? []).map(({ name, value }) => [name, value]));

describe('Kafka transport: the topic it creates', () => {
  const settings = { topic: 'sluice.events', partitions: 12 };

  it('is replicated three times, two copies in sync, kept forever, by default', () => {
    const topic = durableTopic(settings, 5);
    expect(topic).to.include({ topic: 'sluice.events', numPartitions: 12, replicationFactor: 3 });
    expect(config(topic)).to.deep.equal({
      'min.insync.replicas': '2',
      'retention.ms': '-1',
      'unclean.leader.election.enable': 'false',
    });
  });

  it('has by default no more replicas than the cluster has brokers, one of them free', () => {
    expect(durableTopic(settings, 1).replicationFactor).to.equal(1);
    expect(config(durableTopic(settings, 1))['min.insync.replicas']).to.equal('1');
    expect(durableTopic(settings, 2).replicationFactor).to.equal(2);
    expect(config(durableTopic(settings, 2))['min.insync.replicas']).to.equal('1');
  });

  it('takes what it is given as it is', () => {
    const topic = durableTopic(
      { ...settings, replicationFactor: 5, minInSyncReplicas: 3, retentionMs: 86_400_000 },
      1,
    );
    expect(topic.replicationFactor).to.equal(5);
    expect(config(topic)).to.include({ 'min.insync.replicas': '3', 'retention.ms': '86400000' });
  });

  it('asks the cluster how many brokers it has, and creates the topic with that', async () => {
    const requests: unknown[] = [];
    const warnings: string[] = [];
    const admin = () =>
      ({
        connect: () => Promise.resolve(),
        disconnect: () => Promise.resolve(),
        describeCluster: () =>
          Promise.resolve({
            brokers: [
              { nodeId: 1, host: 'a', port: 9092 },
              { nodeId: 2, host: 'b', port: 9092 },
            ],
            controller: 1,
          }),
        createTopics: (request: unknown) => {
          requests.push(request);
          return Promise.resolve(true);
        },
      }) as unknown as AdminClient;
    await topicCreation(admin, {
      ...settings,
      log: (level, message) => {
        if (level === 'warn') warnings.push(message);
      },
    })();
    const [request] = requests as Array<{ topics: ITopicConfig[]; waitForLeaders: boolean }>;
    expect(request!.waitForLeaders).to.equal(true);
    expect(request!.topics[0]!.replicationFactor).to.equal(2);
    expect(warnings).to.have.length(1);
  });
});

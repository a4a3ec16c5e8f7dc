import { expect } from 'chai';
import { instanceQueue } from '../../../src/processes/instanceQueue.js';

describe('the instance queue', () => {
  it("runs at most 16 of one merchant's instances at once, and starts another merchant's at once", async () => {
    const running = new Set<string>();
    const release: Array<() => void> = [];
    let mostAtOnce = 0;
    const queue = instanceQueue(async (instanceId) => {
      running.add(instanceId);
      mostAtOnce = Math.max(mostAtOnce, [...running].filter((id) => id.startsWith('slow')).length);
      if (instanceId.startsWith('slow'))
        await new Promise<void>((resolve) => release.push(resolve));
      running.delete(instanceId);
    });
    const slow = Array.from({ length: 200 }, (_, i) =>
      queue.enqueue(`slow_${i}`, 'mer_slow').catch(() => undefined),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(running.size).to.equal(16);
    // Behind 184 waiting instances of the slow merchant, the quiet one's runs now.
    await queue.enqueue('quiet_1', 'mer_quiet');
    expect(mostAtOnce).to.equal(16);
    // As the slow merchant's runs end, its next ones take their place, never more than 16.
    for (let round = 0; round < 3; round++) {
      for (const done of release.splice(0, 16)) done();
      await new Promise((resolve) => setImmediate(resolve));
      expect(running.size).to.equal(16);
    }
    expect(mostAtOnce).to.equal(16);
    const stopping = queue.stop();
    for (const done of release.splice(0)) done();
    await stopping;
    await Promise.all(slow);
  });

  it('takes merchants in turn: a long line of one does not hold back the next of another', async () => {
    const order: string[] = [];
    const queue = instanceQueue(async (instanceId) => {
      order.push(instanceId);
      await new Promise((resolve) => setImmediate(resolve));
    });
    const runs = [
      ...Array.from({ length: 100 }, (_, i) => queue.enqueue(`a_${i}`, 'mer_a')),
      queue.enqueue('b_0', 'mer_b'),
    ];
    await Promise.all(runs);
    // Sixteen of mer_a started at once; mer_b's came in the next turn, not after all 100.
    expect(order.indexOf('b_0')).to.be.below(20);
    await queue.stop();
  });
});

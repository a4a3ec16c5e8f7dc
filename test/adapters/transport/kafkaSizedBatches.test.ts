import { expect } from 'chai';
import fc from 'fast-check';
import {
  DEFAULT_MAX_BATCH_BYTES,
  messageSize,
  splitBySize,
} from '../../../adapters/transport/kafka/sizedBatches.js';

describe('Kafka transport: sends cut by size', () => {
  it('keeps items in their order, each batch within the budget but for an item alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 600 }),
        (sizes, budget) => {
          const items = sizes.map((size, index) => ({ index, size }));
          const batches = splitBySize(items, (item) => item.size, budget);
          expect(batches.flat()).to.deep.equal(items);
          for (const batch of batches) {
            expect(batch).to.not.have.length(0);
            const total = batch.reduce((sum, item) => sum + item.size, 0);
            if (batch.length > 1) expect(total).to.be.at.most(budget);
          }
          // Greedy: a batch ends only where the next item would not have fitted.
          for (let i = 0; i + 1 < batches.length; i++) {
            const total = batches[i]!.reduce((sum, item) => sum + item.size, 0);
            expect(total + batches[i + 1]![0]!.size).to.be.above(budget);
          }
        },
      ),
    );
  });

  it('gives an item larger than the budget a batch of its own', () => {
    const batches = splitBySize([10, 2000, 10, 10], (size) => size, 100);
    expect(batches).to.deep.equal([[10], [2000], [10, 10]]);
  });

  it('sends nothing for nothing', () => {
    expect(splitBySize([], () => 1, 100)).to.deep.equal([]);
  });

  it('sizes a message by its key, value and headers in bytes, not characters', () => {
    const plain = messageSize({ key: 'k', value: 'v' });
    const wide = messageSize({ key: 'k', value: 'é' });
    expect(wide - plain).to.equal(1);
    const withHeaders = messageSize({
      key: 'k',
      value: 'v',
      headers: { 'sluice-event-type': 'order.created', many: ['a', Buffer.from('bc')] },
    });
    expect(withHeaders - plain).to.be.at.least(
      'sluice-event-type'.length + 'order.created'.length + 2 * 'many'.length + 3,
    );
    expect(messageSize({ key: null, value: Buffer.alloc(5000) })).to.be.at.least(5000);
  });

  it('stays by default under the broker’s default largest message of 1 MiB', () => {
    expect(DEFAULT_MAX_BATCH_BYTES).to.be.below(1024 * 1024);
  });
});

import { expect } from 'chai';
import { keptFor } from '../../../src/metrics/stateGauges.js';

describe('state read for the metrics, kept a few seconds', () => {
  it('serves scrapes close together from one read, and reads again once it is old', async () => {
    let clock = 0;
    let reads = 0;
    const read = keptFor(
      5_000,
      () => Promise.resolve(++reads),
      () => clock,
    );
    expect(await Promise.all([read(), read()])).to.deep.equal([1, 1]);
    clock = 4_999;
    expect(await read()).to.equal(1);
    clock = 5_000;
    expect(await read()).to.equal(2);
  });

  it('keeps no failed read: the next scrape reads again', async () => {
    let fail = true;
    const read = keptFor(5_000, () =>
      fail ? Promise.reject(new Error('down')) : Promise.resolve('up'),
    );
    await read().then(
      () => expect.fail('the failure should reach the scrape'),
      (error: Error) => expect(error.message).to.equal('down'),
    );
    fail = false;
    expect(await read()).to.equal('up');
  });
});

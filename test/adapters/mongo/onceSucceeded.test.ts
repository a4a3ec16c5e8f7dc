import { expect } from 'chai';
import { onceSucceeded } from '../../../adapters/mongo/once.js';

describe('MongoDB adapters: a promise kept only once it succeeded', () => {
  it('tries again on the call after a failure, then keeps the success', async () => {
    let attempts = 0;
    const prepared = onceSucceeded(() => {
      attempts++;
      return attempts === 1 ? Promise.reject(new Error('not primary')) : Promise.resolve(attempts);
    });
    await prepared().then(
      () => expect.fail('the first attempt failed'),
      (error: Error) => expect(error.message).to.equal('not primary'),
    );
    expect(await prepared()).to.equal(2);
    expect(await prepared()).to.equal(2);
    expect(attempts).to.equal(2);
  });

  it('shares one attempt among calls made while it runs', async () => {
    let attempts = 0;
    const prepared = onceSucceeded(async () => {
      attempts++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'ready';
    });
    expect(await Promise.all([prepared(), prepared(), prepared()])).to.deep.equal([
      'ready',
      'ready',
      'ready',
    ]);
    expect(attempts).to.equal(1);
  });

  it('turns an attempt that throws at once into a rejection, and tries again after it', async () => {
    let attempts = 0;
    const prepared = onceSucceeded((): Promise<string> => {
      attempts++;
      if (attempts === 1) throw new Error('refused');
      return Promise.resolve('ready');
    });
    await prepared().then(
      () => expect.fail('the first attempt threw'),
      (error: Error) => expect(error.message).to.equal('refused'),
    );
    expect(await prepared()).to.equal('ready');
  });
});

import {
  AccessDeniedError,
  CancelledError,
  DeadlineExceededError,
  InvalidArgumentError,
  StreamNotFoundError,
  UnavailableError,
  UnknownError,
} from '@eventstore/db-client';
import { expect } from 'chai';
import { esdbSubscription } from '../../../adapters/eventstore/esdb/esdbSubscription.js';
import { isFatal, retryDelay } from '../../../adapters/eventstore/esdb/subscriptionDrops.js';
import { position } from '../../../domain/shared/envelope.js';
import { fakeClient, resolved } from './esdbFakeClient.js';

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).to.equal(true);
};

type Drop = { error: Error | undefined; drops: number; consecutive: number; retryInMs: number };

const watched = () => {
  const fake = fakeClient();
  const drops: Drop[] = [];
  const failures: Error[] = [];
  const handed: string[] = [];
  const subscription = esdbSubscription(
    fake.client,
    {},
    (events) => {
      handed.push(...events.map((e) => e.position));
      return Promise.resolve();
    },
    {
      onDrop: (error, drop) => drops.push({ error, ...drop }),
      onFailed: (error) => failures.push(error),
      retry: { firstMs: 5, maxMs: 40 },
    },
  );
  return { ...fake, drops, failures, handed, subscription };
};

describe('EventStoreDB subscription: dropped connections', () => {
  it('tells transient errors from those that would only come again', () => {
    for (const transient of [
      new UnavailableError(),
      new DeadlineExceededError(),
      new CancelledError(),
      new UnknownError(),
      new Error('Failed to discover after 10 attempts.'),
      undefined,
    ])
      expect(isFatal(transient), String(transient)).to.equal(false);
    for (const fatal of [
      new AccessDeniedError(),
      new InvalidArgumentError('bad'),
      new StreamNotFoundError(undefined, 's-1'),
      new SyntaxError('Unexpected token'),
    ])
      expect(isFatal(fatal), String(fatal)).to.equal(true);
  });

  it('backs off, doubling up to the longest pause', () => {
    const policy = { firstMs: 1000, maxMs: 30_000 };
    expect([1, 2, 3, 5, 6, 50].map((n) => retryDelay(n, policy))).to.deep.equal([
      1000, 2000, 4000, 16_000, 30_000, 30_000,
    ]);
  });

  it('subscribes again after the server ends the stream cleanly, from where it stands', async () => {
    const { subscriptions, drops, handed, subscription } = watched();
    await until(() => subscriptions.length === 1);
    subscriptions[0]!.write(resolved({ at: 100n }));
    await until(() => handed.length === 1);
    subscriptions[0]!.end();
    await until(() => subscriptions.length === 2);
    expect(subscriptions[1]!.from).to.deep.equal({ commit: 100n, prepare: 100n });
    expect(drops).to.deep.equal([{ error: undefined, drops: 1, consecutive: 1, retryInMs: 5 }]);
    subscriptions[1]!.write(resolved({ at: 200n }));
    await subscription.reached(position(200));
    await subscription.stop();
    expect(handed).to.deep.equal([position(100), position(200)]);
  });

  it('counts and reports each drop, pausing longer each time in a row', async () => {
    const { subscriptions, drops, failures, subscription } = watched();
    for (let n = 1; n <= 3; n++) {
      await until(() => subscriptions.length === n);
      subscriptions[n - 1]!.emit('error', new UnavailableError());
    }
    await until(() => subscriptions.length === 4);
    expect(drops.map((d) => [d.drops, d.consecutive, d.retryInMs])).to.deep.equal([
      [1, 1, 5],
      [2, 2, 10],
      [3, 3, 20],
    ]);
    expect(drops.every((d) => d.error instanceof UnavailableError)).to.equal(true);
    // An arrival shows the connection works: the next drop starts the pauses over.
    subscriptions[3]!.write(resolved({ at: 10n }));
    await subscription.reached(position(10));
    subscriptions[3]!.emit('error', new UnknownError());
    await until(() => drops.length === 4);
    expect(drops[3]).to.deep.include({ drops: 4, consecutive: 1, retryInMs: 5 });
    await subscription.stop();
    expect(failures).to.deep.equal([]);
  });

  it('stops, and says why, on an error that subscribing again would meet again', async () => {
    const { subscriptions, drops, failures, subscription } = watched();
    await until(() => subscriptions.length === 1);
    const denied = new AccessDeniedError();
    subscriptions[0]!.emit('error', denied);
    await until(() => failures.length === 1);
    expect(failures[0]).to.equal(denied);
    const error = await subscription.reached(position(1)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.equal(denied);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(subscriptions).to.have.length(1);
    expect(drops).to.deep.equal([]);
    await subscription.stop();
  });

  it('subscribes no more once stopped while waiting to', async () => {
    const fake = fakeClient();
    const subscription = esdbSubscription(fake.client, {}, () => Promise.resolve(), {
      retry: { firstMs: 20, maxMs: 20 },
    });
    await until(() => fake.subscriptions.length === 1);
    fake.subscriptions[0]!.end();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await subscription.stop();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(fake.subscriptions).to.have.length(1);
  });
});

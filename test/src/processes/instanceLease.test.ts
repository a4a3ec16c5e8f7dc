import { expect } from 'chai';
import { memoryClaims } from '../../../adapters/claims/memory/memoryClaims.js';
import { ExecutorStopping, leasedRun } from '../../../src/processes/instanceLease.js';
import { instanceQueue } from '../../../src/processes/instanceQueue.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('process instances: one run at a time, across executors', () => {
  it('lets a second executor advance an instance only once the first has ended its run', async () => {
    const claims = memoryClaims();
    const first = leasedRun(claims, 'exe_1', () => false);
    const second = leasedRun(claims, 'exe_2', () => false);
    const log: string[] = [];
    const work = (who: string, ms: number) => async () => {
      log.push(`${who} starts`);
      await pause(ms);
      log.push(`${who} ends`);
    };
    const a = first('pi_1', work('first', 300));
    await pause(20);
    const b = second('pi_1', work('second', 10));
    // Another instance is not held back.
    await second('pi_2', work('other', 0));
    await Promise.all([a, b]);
    expect(log).to.deep.equal([
      'first starts',
      'other starts',
      'other ends',
      'first ends',
      'second starts',
      'second ends',
    ]);
  });

  it('makes two runs of one executor take turns, so that another never advances the instance beside one', async () => {
    const claims = memoryClaims();
    const first = leasedRun(claims, 'exe_1', () => false);
    const second = leasedRun(claims, 'exe_2', () => false);
    const log: string[] = [];
    let running = 0;
    let overlapped = false;
    const work = (who: string, ms: number) => async () => {
      if (++running > 1) overlapped = true;
      log.push(`${who} starts`);
      await pause(ms);
      log.push(`${who} ends`);
      running--;
    };
    // A timer's firing and news queued meanwhile, in one executor; then another's news.
    const fired = first('pi_1', work('timer', 200));
    await pause(10);
    const queued = first('pi_1', work('news', 200));
    await pause(10);
    const elsewhere = second('pi_1', work('other executor', 10));
    await Promise.all([fired, queued, elsewhere]);
    expect(overlapped, log.join(', ')).to.equal(false);
    expect(log[0]).to.equal('timer starts');
    expect(log[1]).to.equal('timer ends');
  });

  it('stops waiting for an instance another executor holds when its own executor stops', async () => {
    const claims = memoryClaims();
    let stopped = false;
    await claims.claim('instance:pi_1', 'exe_1', 60_000);
    const waiting = leasedRun(claims, 'exe_2', () => stopped)('pi_1', () => Promise.resolve());
    await pause(50);
    stopped = true;
    await waiting.then(
      () => expect.fail('it ran without the lease'),
      (error: unknown) => expect(error).to.be.instanceOf(ExecutorStopping),
    );
  });
});

describe('the instance queue', () => {
  it('answers news once a run that began after it has ended, and runs again for news mid-run', async () => {
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const queue = instanceQueue(async (id) => {
      runs.push(id);
      await new Promise<void>((resolve) => (release = resolve));
    });
    let firstDone = false;
    const first = queue.enqueue('pi_1').then(() => (firstDone = true));
    await pause(5);
    expect(queue.idle('pi_1')).to.equal(false);
    let secondDone = false;
    const second = queue.enqueue('pi_1').then(() => (secondDone = true));
    release();
    await first;
    await pause(5);
    // The news that came mid-run is taken in by a second run, not by the first.
    expect([firstDone, secondDone]).to.deep.equal([true, false]);
    expect(runs).to.deep.equal(['pi_1', 'pi_1']);
    release();
    await second;
    expect(queue.idle('pi_1')).to.equal(true);
  });

  it('rejects the news it will not run once it stops, so the feed hands it on again', async () => {
    let release: () => void = () => undefined;
    const queue = instanceQueue(() => new Promise<void>((resolve) => (release = resolve)));
    const running = queue.enqueue('pi_1');
    await pause(5);
    const waiting = queue.enqueue('pi_1');
    const stopping = queue.stop();
    await waiting.then(
      () => expect.fail('news was answered without a run'),
      (error: Error) => expect(error.message).to.match(/stopping/),
    );
    release();
    await stopping;
    await running;
  });

  it('gives its lease back through a database that fails for a moment, and asks through one for it', async () => {
    const claims = memoryClaims();
    // The first release and the first claim fail as a cut connection does.
    let releaseFailures = 1;
    let claimFailures = 1;
    const flaky: typeof claims = {
      ...claims,
      claim: (key, owner, leaseMs) =>
        claimFailures-- > 0
          ? Promise.reject(new Error('Connection terminated unexpectedly'))
          : claims.claim(key, owner, leaseMs),
      release: (key, owner) =>
        releaseFailures-- > 0
          ? Promise.reject(new Error('Connection terminated unexpectedly'))
          : claims.release(key, owner),
    };
    const first = leasedRun(flaky, 'exe_1', () => false);
    const second = leasedRun(claims, 'exe_2', () => false);
    await first('pi_1', () => Promise.resolve());
    // Given back after all: the next run goes at once, not once the 15 s lease has lapsed.
    const started = performance.now();
    await second('pi_1', () => Promise.resolve());
    expect(performance.now() - started).to.be.below(1_000);
    expect([claimFailures, releaseFailures]).to.deep.equal([-1, -1]);
  });
});

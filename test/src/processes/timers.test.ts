import { expect } from 'chai';
import { timers } from '../../../src/processes/timers.js';

describe('process timers', () => {
  it('never wakes an instance before its due time by the wall clock', async () => {
    const early: number[] = [];
    const count = 300;
    await new Promise<void>((done) => {
      let fired = 0;
      const due = new Map<string, number>();
      const wheel = timers((instanceId) => {
        const lead = due.get(instanceId)! - Date.now();
        if (lead > 0) early.push(lead);
        if (++fired === count) done();
      });
      for (let i = 0; i < count; i++) {
        // Due times a few milliseconds apart, so that they fall at every phase of a millisecond.
        const at = Date.now() + 5 + (i % 40);
        due.set(`pi_${i}`, at);
        wheel.schedule(`pi_${i}`, at);
      }
    });
    expect(early).to.deep.equal([]);
  });

  it('keeps the earlier of two wakes of one instance: a later one never postpones it', async () => {
    const woke: number[] = [];
    const wheel = timers(() => woke.push(Date.now()));
    const start = Date.now();
    wheel.schedule('pi_1', start + 30);
    wheel.schedule('pi_1', start + 1000);
    // Woken by the earlier, well before the later is due.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(woke).to.have.length(1);
    // Once woken, a later wake is set anew.
    wheel.schedule('pi_1', Date.now() + 20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(woke).to.have.length(2);
    wheel.stop();
  });
});

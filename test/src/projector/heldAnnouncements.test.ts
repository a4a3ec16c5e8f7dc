import { expect } from 'chai';
import { MOST_HELD_MS, heldAnnouncements } from '../../../src/projector/heldAnnouncements.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the projector’s announcements, held for the batches on their way', () => {
  it('announces at once when nothing is being written', () => {
    let told = 0;
    const held = heldAnnouncements(() => told++);
    held.progressed();
    expect(told).to.equal(1);
  });

  it('holds what passed while a batch is written, and tells both in one announcement once it is in', async () => {
    let told = 0;
    const held = heldAnnouncements(() => told++);
    let commit!: () => void;
    const written = held.writing(() => new Promise<void>((resolve) => (commit = resolve)));
    held.progressed();
    held.progressed();
    expect(told).to.equal(0);
    commit();
    await written;
    held.progressed();
    expect(told).to.equal(1);
    await sleep(MOST_HELD_MS + 10);
    expect(told, 'nothing is told twice').to.equal(1);
  });

  it('holds an announcement no longer than its bound while a batch takes longer to write', async () => {
    let told = 0;
    let toldBeforeItWasIn: number | undefined;
    const held = heldAnnouncements(() => told++);
    const written = held.writing(async () => {
      held.progressed();
      await sleep(MOST_HELD_MS * 4);
      toldBeforeItWasIn = told;
    });
    await written;
    expect(toldBeforeItWasIn).to.equal(1);
    held.stop();
  });
});

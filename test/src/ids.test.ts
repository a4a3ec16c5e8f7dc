import { expect } from 'chai';
import { newId } from '../../src/ids.js';

describe('ids', () => {
  it('are prefixed, 26 characters of Crockford base32, and sort by time', () => {
    const early = newId('evt', Date.UTC(2026, 0, 1));
    const late = newId('evt', Date.UTC(2026, 0, 2));
    expect(early).to.match(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(early < late).to.equal(true);
    expect(newId('we', 0).slice(0, 13)).to.equal('we_0000000000');
  });

  it('do not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('evt')));
    expect(ids.size).to.equal(10_000);
  });
});

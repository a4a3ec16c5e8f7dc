import { expect } from 'chai';
import type { Claims } from '../../../adapters/claims/port.js';

export type ClaimsFixture = {
  claims: Claims;
  /** Moves the clock the claims read forward (or, on a server's clock, every lease back). */
  advance: (ms: number) => void | Promise<void>;
  close: () => Promise<void>;
};

export const claimsContract = (name: string, open: () => Promise<ClaimsFixture>) => {
  describe(`Claims contract: ${name}`, () => {
    let fixture: ClaimsFixture;
    beforeEach(async () => {
      fixture = await open();
    });
    afterEach(() => fixture.close());

    it('gives a key to its first claimer only, while the lease runs', async () => {
      const { claims } = fixture;
      expect(await claims.claim('delivery-a@1', 'dsp_1', 60_000)).to.equal(true);
      expect(await claims.claim('delivery-a@1', 'dsp_2', 60_000)).to.equal(false);
      expect(await claims.claim('delivery-a@2', 'dsp_2', 60_000)).to.equal(true);
    });

    it('lets the holder claim again, and extends its lease', async () => {
      const { claims, advance } = fixture;
      expect(await claims.claim('k', 'dsp_1', 10_000)).to.equal(true);
      await advance(8_000);
      expect(await claims.claim('k', 'dsp_1', 10_000)).to.equal(true);
      await advance(8_000);
      expect(await claims.claim('k', 'dsp_2', 10_000)).to.equal(false);
    });

    it('hands a claim over once its holder let the lease run out (a crashed worker)', async () => {
      const { claims, advance } = fixture;
      expect(await claims.claim('k', 'dsp_1', 10_000)).to.equal(true);
      await advance(10_001);
      expect(await claims.claim('k', 'dsp_2', 10_000)).to.equal(true);
      expect(await claims.claim('k', 'dsp_1', 10_000)).to.equal(false);
    });

    it('lets only its holder give a claim up, for another to take at once', async () => {
      const { claims } = fixture;
      expect(await claims.claim('run', 'exe_1', 60_000)).to.equal(true);
      await claims.release('run', 'exe_2');
      expect(await claims.claim('run', 'exe_2', 60_000)).to.equal(false);
      await claims.release('run', 'exe_1');
      expect(await claims.claim('run', 'exe_2', 60_000)).to.equal(true);
      expect(await claims.claim('run', 'exe_1', 60_000)).to.equal(false);
    });

    it('gives a contested key to exactly one of many claiming at once', async () => {
      const { claims } = fixture;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => claims.claim('contested', `dsp_${i}`, 60_000)),
      );
      expect(results.filter(Boolean)).to.have.length(1);
    });
  });
};

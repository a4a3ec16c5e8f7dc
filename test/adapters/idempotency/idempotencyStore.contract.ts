import { expect } from 'chai';
import type { IdempotencyStore } from '../../../adapters/idempotency/port.js';

export type IdempotencyFixture = { store: IdempotencyStore; close: () => Promise<void> };

export const idempotencyStoreContract = (name: string, open: () => Promise<IdempotencyFixture>) => {
  describe(`IdempotencyStore contract: ${name}`, () => {
    let fixture: IdempotencyFixture;
    let store: IdempotencyStore;
    const now = new Date('2026-01-01T00:00:00Z');
    const response = { status: 201, headers: { location: '/x' }, body: { id: 'x' } };

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterEach(() => fixture.close());

    it('reserves a key once, then replays the kept response for the same request', async () => {
      expect(await store.reserve('key_1', 'k', 'fp', now)).to.deep.equal({ kind: 'reserved' });
      expect(await store.reserve('key_1', 'k', 'fp', now)).to.deep.equal({ kind: 'in_progress' });
      await store.complete('key_1', 'k', response);
      expect(await store.reserve('key_1', 'k', 'fp', now)).to.deep.equal({
        kind: 'replay',
        response,
      });
    });

    it('refuses the same key with another request, and keeps scopes apart', async () => {
      await store.reserve('key_1', 'k', 'fp', now);
      await store.complete('key_1', 'k', response);
      expect(await store.reserve('key_1', 'k', 'other', now)).to.deep.equal({ kind: 'mismatch' });
      expect(await store.reserve('key_2', 'k', 'other', now)).to.deep.equal({ kind: 'reserved' });
    });

    it('forgets a released reservation and expires old keys', async () => {
      await store.reserve('key_1', 'k', 'fp', now);
      await store.release('key_1', 'k');
      expect(await store.reserve('key_1', 'k', 'fp2', now)).to.deep.equal({ kind: 'reserved' });
      await store.complete('key_1', 'k', response);
      expect(await store.expire(new Date(now.getTime() + 1))).to.equal(1);
      expect(await store.reserve('key_1', 'k', 'fp3', now)).to.deep.equal({ kind: 'reserved' });
    });

    it('lets a retry take over a reservation whose request died', async () => {
      await store.reserve('key_1', 'k', 'fp', now);
      const later = new Date(now.getTime() + 10 * 60_000);
      expect(await store.reserve('key_1', 'k', 'fp', later)).to.deep.equal({ kind: 'reserved' });
    });
  });
};

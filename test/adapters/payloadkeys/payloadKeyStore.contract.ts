import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { NewDataKey, PayloadKeyStore } from '../../../adapters/payloadkeys/port.js';

export type PayloadKeysFixture = { store: PayloadKeyStore; close: () => Promise<void> };

const JAN_1 = '2026-01-01T00:00:00.000Z';
const JAN_2 = '2026-01-02T00:00:00.000Z';
const JAN_3 = '2026-01-03T00:00:00.000Z';
const DESTROYED_AT = '2026-02-01T12:00:00.000Z';

/** A key as a caller proposes it; the wrapped text is random, so no two candidates look alike. */
const candidate = (): NewDataKey => {
  const id = `dk_${randomBytes(12).toString('hex')}`;
  return { id, wrapped: `v1:test:${randomBytes(32).toString('base64url')}`, created_at: JAN_1 };
};

export const payloadKeyStoreContract = (name: string, open: () => Promise<PayloadKeysFixture>) => {
  describe(`PayloadKeyStore contract: ${name}`, () => {
    let fixture: PayloadKeysFixture;
    let store: PayloadKeyStore;

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterEach(() => fixture.close());

    const liveKey = (merchantId: string, period: string) =>
      store.current(merchantId, period, candidate());

    it('gives callers asking at once the same key, and stores a new one per merchant and period', async () => {
      const proposed = [candidate(), candidate(), candidate(), candidate()];
      const answers = await Promise.all(
        proposed.map((offered) => store.current('m_1', JAN_1, offered)),
      );
      const winner = proposed.find((offered) => offered.id === answers[0]!.id);
      expect(winner, 'the key given is one of the candidates').to.not.equal(undefined);
      for (const answer of answers)
        expect(answer).to.deep.equal({
          id: winner!.id,
          merchant_id: 'm_1',
          period: JAN_1,
          wrapped: winner!.wrapped,
          created_at: JAN_1,
          destroyed_at: null,
          destroyed_because: null,
        });

      expect((await store.current('m_1', JAN_1, candidate())).id).to.equal(winner!.id);
      const nextDay = candidate();
      expect((await store.current('m_1', JAN_2, nextDay)).id).to.equal(nextDay.id);
      const otherMerchant = candidate();
      const theirs = await store.current('m_2', JAN_1, otherMerchant);
      expect(theirs).to.include({ id: otherMerchant.id, merchant_id: 'm_2', period: JAN_1 });
    });

    it('finds a key by its id, and nothing under an id it never kept', async () => {
      const kept = await liveKey('m_1', JAN_1);
      expect(await store.find(kept.id)).to.deep.equal(kept);
      expect(await store.find('dk_never_made')).to.equal(undefined);
    });

    it("destroys a merchant's live keys only, leaving tombstones, and a later key is a new one", async () => {
      const first = await liveKey('m_1', JAN_1);
      const second = await liveKey('m_1', JAN_2);
      const theirs = await liveKey('m_2', JAN_1);

      expect(await store.destroyMerchant('m_1', DESTROYED_AT)).to.equal(2);
      for (const key of [first, second])
        expect(await store.find(key.id)).to.deep.equal({
          ...key,
          wrapped: null,
          destroyed_at: DESTROYED_AT,
          destroyed_because: 'erased',
        });
      expect(await store.find(theirs.id)).to.deep.equal(theirs);
      expect(await store.destroyMerchant('m_1', '2026-03-01T00:00:00.000Z')).to.equal(0);
      expect(await store.find(first.id)).to.include({ destroyed_at: DESTROYED_AT });

      const offered = candidate();
      const renewed = await store.current('m_1', JAN_1, offered);
      expect(renewed.id).to.not.equal(first.id);
      expect(renewed).to.include({ id: offered.id, wrapped: offered.wrapped, destroyed_at: null });
      expect(await store.find(first.id)).to.include({ wrapped: null, destroyed_because: 'erased' });
    });

    it('destroys, as expired, the live keys of the periods strictly before the one given', async () => {
      const old = await liveKey('m_1', JAN_1);
      const oldOfOther = await liveKey('m_2', JAN_1);
      const boundary = await liveKey('m_1', JAN_2);
      const recent = await liveKey('m_1', JAN_3);
      const erased = await liveKey('m_3', JAN_1);
      await store.destroyMerchant('m_3', DESTROYED_AT);

      const expiredAt = '2026-02-02T00:00:00.000Z';
      expect(await store.destroyBefore(JAN_2, expiredAt)).to.equal(2);
      for (const key of [old, oldOfOther])
        expect(await store.find(key.id)).to.deep.equal({
          ...key,
          wrapped: null,
          destroyed_at: expiredAt,
          destroyed_because: 'expired',
        });
      expect(await store.find(boundary.id)).to.deep.equal(boundary);
      expect(await store.find(recent.id)).to.deep.equal(recent);
      expect(await store.find(erased.id)).to.include({
        destroyed_at: DESTROYED_AT,
        destroyed_because: 'erased',
      });
      expect(await store.destroyBefore(JAN_2, expiredAt)).to.equal(0);
    });

    it('counts what destroying before a period would destroy, destroying nothing', async () => {
      expect(await store.liveBefore(JAN_2)).to.deep.equal({
        keys: 0,
        merchants: 0,
        oldest_period: null,
      });
      const old = await liveKey('m_1', JAN_1);
      await liveKey('m_1', JAN_2);
      await liveKey('m_2', JAN_1);
      await liveKey('m_2', '2025-12-31T00:00:00.000Z');
      await liveKey('m_3', JAN_1);
      await store.destroyMerchant('m_3', DESTROYED_AT);

      expect(await store.liveBefore(JAN_2)).to.deep.equal({
        keys: 3,
        merchants: 2,
        oldest_period: '2025-12-31T00:00:00.000Z',
      });
      expect(await store.find(old.id)).to.deep.equal(old);
      expect(await store.destroyBefore(JAN_2, DESTROYED_AT)).to.equal(3);
      expect((await store.liveBefore(JAN_2)).keys).to.equal(0);
    });

    it('wraps every live key again, not the destroyed, and replaces the retired keys', async () => {
      const live = [await liveKey('m_1', JAN_1), await liveKey('m_1', JAN_2)];
      const erased = await liveKey('m_2', JAN_1);
      await store.destroyMerchant('m_2', DESTROYED_AT);
      expect(await store.retiredKeys()).to.deep.equal([]);

      const asked: string[] = [];
      const count = await store.rotate(
        (key) => {
          asked.push(key.id);
          return `rewrapped:${key.wrapped}`;
        },
        ['retired_b', 'retired_a', 'retired_c'],
      );
      expect(count).to.equal(2);
      expect(asked).to.have.members(live.map((key) => key.id));
      for (const key of live)
        expect(await store.find(key.id)).to.deep.equal({
          ...key,
          wrapped: `rewrapped:${key.wrapped}`,
        });
      expect(await store.find(erased.id)).to.include({
        wrapped: null,
        destroyed_because: 'erased',
      });
      expect(await store.retiredKeys()).to.deep.equal(['retired_b', 'retired_a', 'retired_c']);

      await store.rotate((key) => key.wrapped, ['retired_d']);
      expect(await store.retiredKeys()).to.deep.equal(['retired_d']);
    });

    it('changes nothing when wrapping one key again fails halfway through', async () => {
      const keys = [
        await liveKey('m_1', JAN_1),
        await liveKey('m_1', JAN_2),
        await liveKey('m_2', JAN_1),
      ];
      await store.rotate((key) => key.wrapped, ['retired_before']);

      let calls = 0;
      const failing = store.rotate(
        (key) => {
          calls += 1;
          if (calls === 2) throw new Error('the new encryption key is unusable');
          return `rewrapped:${key.wrapped}`;
        },
        ['retired_after'],
      );
      const error = await failing.then(
        () => expect.fail('the rotation should have failed'),
        (reason: unknown) => reason,
      );
      expect(error).to.have.property('message', 'the new encryption key is unusable');
      expect(calls).to.equal(2);
      for (const key of keys) expect(await store.find(key.id)).to.deep.equal(key);
      expect(await store.retiredKeys()).to.deep.equal(['retired_before']);
      expect((await liveKey('m_1', JAN_1)).id, 'the store still answers').to.equal(keys[0]!.id);
    });
  });
};

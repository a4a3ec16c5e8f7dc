import { expect } from 'chai';
import type { ReadStore } from '../../../adapters/readstore/port.js';
import { InvalidCursorError, StaleBatchError } from '../../../adapters/readstore/port.js';
import type { Position } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import type { CollectionSpec, Doc } from '../../../projections/projection.js';

export type ReadStoreFixture = { store: ReadStore; close: () => Promise<void> };

const specs: CollectionSpec[] = [
  {
    name: 'widgets',
    indexes: [
      ['merchant_id', 'created_at'],
      ['active', 'created_at'],
    ],
  },
  { name: 'widget_counts', indexes: [] },
];

const widget = (i: number, merchant = 'mer_a'): Doc => ({
  id: `w_${String(i).padStart(3, '0')}`,
  merchant_id: merchant,
  created_at: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
  active: i % 2 === 0,
  label: null,
});

/** The behaviour every read store adapter must have; run once per adapter. */
export const readStoreContract = (name: string, open: () => Promise<ReadStoreFixture>) => {
  describe(`ReadStore contract: ${name}`, () => {
    let fixture: ReadStoreFixture;
    let store: ReadStore;
    let at = 0;
    const next = (): Position => position(++at);

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
      at = 0;
      await store.registerProjection('widgets', specs);
    });
    afterEach(() => fixture.close());

    it('starts a projection with no checkpoint and keeps its state across registrations', async () => {
      const state = await store.state('widgets');
      expect(state).to.deep.include({ name: 'widgets', checkpoint: undefined, rebuild: null });
      await store.apply('widgets', { kind: 'live' }, [], position(7));
      const again = await store.registerProjection('widgets', specs);
      expect(again.checkpoint).to.equal('7');
    });

    it('puts, patches (set, inc, setOnInsert) and deletes documents', async () => {
      await store.apply(
        'widgets',
        { kind: 'live' },
        [
          { op: 'put', collection: 'widgets', doc: widget(1) },
          { op: 'patch', collection: 'widgets', id: 'w_001', set: { label: 'blue' } },
          { op: 'patch', collection: 'widgets', id: 'w_404', set: { label: 'ignored' } },
          {
            op: 'patch',
            collection: 'widget_counts',
            id: 'mer_a',
            inc: { n: 1 },
            setOnInsert: { n: 0, merchant_id: 'mer_a' },
          },
          { op: 'patch', collection: 'widget_counts', id: 'mer_a', inc: { n: 2 } },
        ],
        next(),
      );
      expect(await store.get('widgets', 'w_001')).to.deep.equal({ ...widget(1), label: 'blue' });
      expect(await store.get('widgets', 'w_404')).to.equal(undefined);
      expect(await store.get('widget_counts', 'mer_a')).to.deep.equal({
        id: 'mer_a',
        n: 3,
        merchant_id: 'mer_a',
      });
      await store.apply(
        'widgets',
        { kind: 'live' },
        [{ op: 'delete', collection: 'widgets', id: 'w_001' }],
        next(),
      );
      expect(await store.get('widgets', 'w_001')).to.equal(undefined);
    });

    it('writes nothing of a document born and deleted in one batch, and deletes one born earlier', async () => {
      await store.apply(
        'widgets',
        { kind: 'live' },
        [
          { op: 'put', collection: 'widgets', doc: widget(1), fresh: true },
          { op: 'put', collection: 'widgets', doc: widget(2), fresh: true },
          { op: 'patch', collection: 'widgets', id: 'w_001', set: { label: 'sent' } },
          { op: 'delete', collection: 'widgets', id: 'w_001' },
        ],
        next(),
      );
      expect(await store.get('widgets', 'w_001')).to.equal(undefined);
      expect(await store.get('widgets', 'w_002')).to.deep.equal(widget(2));
      await store.apply(
        'widgets',
        { kind: 'live' },
        [
          { op: 'delete', collection: 'widgets', id: 'w_002' },
          { op: 'put', collection: 'widgets', doc: widget(3), fresh: true },
          { op: 'delete', collection: 'widgets', id: 'w_003' },
          { op: 'put', collection: 'widgets', doc: { ...widget(3), label: 'again' } },
        ],
        next(),
      );
      expect(await store.get('widgets', 'w_002')).to.equal(undefined);
      expect(await store.get('widgets', 'w_003')).to.deep.equal({ ...widget(3), label: 'again' });
    });

    it('applies a batch and its checkpoint all or nothing', async () => {
      await store.apply(
        'widgets',
        { kind: 'live' },
        [{ op: 'put', collection: 'widgets', doc: widget(1) }],
        position(1),
      );
      let failed = false;
      try {
        await store.apply(
          'widgets',
          { kind: 'live' },
          [
            { op: 'put', collection: 'widgets', doc: widget(2) },
            { op: 'put', collection: 'not_mine', doc: widget(3) },
          ],
          position(2),
        );
      } catch {
        failed = true;
      }
      expect(failed).to.equal(true);
      expect(await store.get('widgets', 'w_002')).to.equal(undefined);
      expect((await store.state('widgets'))!.checkpoint).to.equal('1');
    });

    it('ignores a batch whose checkpoint is not past the stored one: nothing is applied twice', async () => {
      const inc = {
        op: 'patch',
        collection: 'widget_counts',
        id: 'c',
        inc: { n: 1 },
        setOnInsert: { n: 0 },
      } as const;
      expect(await store.apply('widgets', { kind: 'live' }, [inc], position(5))).to.equal(true);
      expect(await store.apply('widgets', { kind: 'live' }, [inc], position(5))).to.equal(false);
      expect(await store.apply('widgets', { kind: 'live' }, [inc], position(3))).to.equal(false);
      expect(await store.apply('widgets', { kind: 'live' }, [inc], position(12))).to.equal(true);
      expect((await store.get('widget_counts', 'c'))!.n).to.equal(2);
    });

    it('refuses a batch whose writer last knew a checkpoint behind the stored one: another applied part of it', async () => {
      const inc = {
        op: 'patch',
        collection: 'widget_counts',
        id: 'c',
        inc: { n: 1 },
        setOnInsert: { n: 0 },
      } as const;
      // The active projector applies events 1..5, then 5..8.
      expect(await store.apply('widgets', { kind: 'live' }, [inc], position(5))).to.equal(true);
      const live = { kind: 'live', follows: position(5) } as const;
      expect(await store.apply('widgets', live, [inc], position(8))).to.equal(true);
      // An old one, paused since it knew 5, resumes with a batch up to 10 that overlaps 5..8.
      let refused: unknown;
      await store
        .apply('widgets', { kind: 'live', follows: position(5) }, [inc, inc], position(10))
        .catch((error: unknown) => (refused = error));
      expect(refused).to.be.instanceOf(StaleBatchError);
      expect((refused as StaleBatchError).stored).to.equal(position(8));
      expect((await store.get('widget_counts', 'c'))!.n).to.equal(2);
      expect((await store.state('widgets'))!.checkpoint).to.equal(position(8));
      // Told where the other stopped, it applies what follows.
      const after = { kind: 'live', follows: position(8) } as const;
      expect(await store.apply('widgets', after, [inc], position(10))).to.equal(true);
      expect((await store.get('widget_counts', 'c'))!.n).to.equal(3);
    });

    it('finds by equality, sorted, paged by cursor without gaps or repeats', async () => {
      const docs = Array.from({ length: 25 }, (_, i) => widget(i, i < 20 ? 'mer_a' : 'mer_b'));
      await store.apply(
        'widgets',
        { kind: 'live' },
        docs.map((doc) => ({ op: 'put' as const, collection: 'widgets', doc })),
        next(),
      );
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.find('widgets', {
          where: { merchant_id: 'mer_a' },
          orderBy: { field: 'created_at', direction: 'desc' },
          ...(cursor && { cursor }),
          limit: 6,
        });
        seen.push(...page.docs.map((d) => d.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const expected = docs
        .slice(0, 20)
        .map((d) => d.id)
        .reverse();
      expect(seen).to.deep.equal(expected);

      const active = await store.find('widgets', {
        where: { active: true, merchant_id: 'mer_b' },
        orderBy: { field: 'created_at', direction: 'asc' },
        limit: 10,
      });
      expect(active.docs.map((d) => d.id)).to.deep.equal(['w_020', 'w_022', 'w_024']);
      expect(active.nextCursor).to.equal(null);
      const nulls = await store.find('widgets', {
        where: { label: null },
        orderBy: { field: 'created_at', direction: 'asc' },
        limit: 100,
      });
      expect(nulls.docs).to.have.length(25);
    });

    it('finds within a range of the sort field, leaving out excluded values', async () => {
      const docs = Array.from({ length: 10 }, (_, i) => ({
        ...widget(i, `mer_${i % 3}`),
        rank: i,
      }));
      await store.apply(
        'widgets',
        { kind: 'live' },
        docs.map((doc) => ({ op: 'put' as const, collection: 'widgets', doc })),
        next(),
      );
      const page = await store.find('widgets', {
        orderBy: { field: 'rank', direction: 'asc' },
        range: { gte: 2, lte: 8 },
        exclude: { merchant_id: ['mer_1'] },
        limit: 100,
      });
      expect(page.docs.map((d) => d.rank)).to.deep.equal([2, 3, 5, 6, 8]);
      const strings = await store.find('widgets', {
        orderBy: { field: 'created_at', direction: 'desc' },
        range: { lte: '2026-01-01T00:00:03.000Z' },
        limit: 2,
      });
      expect(strings.docs.map((d) => d.rank)).to.deep.equal([3, 2]);
      expect(strings.nextCursor).to.not.equal(null);
      // A count is the length of every page of the same query.
      const counted = await store.count('widgets', {
        orderBy: { field: 'rank', direction: 'asc' },
        range: { gte: 2, lte: 8 },
        exclude: { merchant_id: ['mer_1'] },
      });
      expect(counted).to.equal(5);
      // A bounded count stops at its bound.
      const query = { orderBy: { field: 'rank', direction: 'asc' as const } };
      expect(await store.count('widgets', query, 3)).to.equal(3);
      expect(await store.count('widgets', query, 50)).to.equal(10);
      expect(
        await store.count('widgets', {
          where: { merchant_id: 'mer_0' },
          orderBy: { field: 'rank', direction: 'asc' },
        }),
      ).to.equal(4);
    });

    it('gives the first document of each group, a page of groups at a time', async () => {
      // Three merchants, the first with a long run of widgets; one widget belongs to none.
      const docs = [
        ...Array.from({ length: 30 }, (_, i) => widget(59 - i, 'mer_a')),
        widget(7, 'mer_c'),
        widget(3, 'mer_c'),
        { ...widget(40, 'mer_b'), id: 'w_b40' },
        { ...widget(1, 'mer_x'), id: 'w_none', merchant_id: null },
      ];
      await store.apply(
        'widgets',
        { kind: 'live' },
        docs.map((doc) => ({ op: 'put' as const, collection: 'widgets', doc })),
        next(),
      );
      const query = { groupBy: 'merchant_id', orderBy: 'created_at' };
      const all = await store.firstOfEach('widgets', { ...query, limit: 10 });
      expect(all.map((d) => [d.merchant_id, d.id])).to.deep.equal([
        ['mer_a', 'w_030'],
        ['mer_b', 'w_b40'],
        ['mer_c', 'w_003'],
      ]);
      const firstPage = await store.firstOfEach('widgets', { ...query, limit: 2 });
      expect(firstPage.map((d) => d.merchant_id)).to.deep.equal(['mer_a', 'mer_b']);
      const secondPage = await store.firstOfEach('widgets', { ...query, after: 'mer_b', limit: 2 });
      expect(secondPage.map((d) => d.id)).to.deep.equal(['w_003']);
      expect(
        await store.firstOfEach('widgets', { ...query, after: 'mer_c', limit: 2 }),
      ).to.deep.equal([]);
    });

    it('refuses a cursor it did not issue, and one holding U+0000 (PostgreSQL cannot compare it)', async () => {
      const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      for (const cursor of [
        'bm90IGEgY3Vyc29y',
        forged(['2026-01-01T00:00:00.000Z\u0000', 'w_001']),
        forged(['2026-01-01T00:00:00.000Z', 'w_\u0000']),
        forged([1, '\u0000']),
      ]) {
        let error: unknown;
        try {
          await store.find('widgets', {
            orderBy: { field: 'created_at', direction: 'asc' },
            cursor,
            limit: 1,
          });
        } catch (e) {
          error = e;
        }
        expect(error, cursor).to.be.instanceOf(InvalidCursorError);
      }
    });

    it('rebuilds into fresh tables beside the live ones and swaps them in at once', async () => {
      await store.apply(
        'widgets',
        { kind: 'live' },
        [{ op: 'put', collection: 'widgets', doc: widget(1) }],
        position(10),
      );
      const generation = await store.beginRebuild('widgets');
      await store.apply(
        'widgets',
        { kind: 'rebuild', generation },
        [{ op: 'put', collection: 'widgets', doc: widget(2) }],
        position(11),
      );
      // Reads keep coming from the live tables while the rebuild runs.
      expect(await store.get('widgets', 'w_001')).to.not.equal(undefined);
      expect(await store.get('widgets', 'w_002')).to.equal(undefined);
      expect((await store.state('widgets'))!.rebuild).to.deep.equal({
        generation,
        checkpoint: '11',
      });
      await store.completeRebuild('widgets', generation);
      expect(await store.get('widgets', 'w_001')).to.equal(undefined);
      expect(await store.get('widgets', 'w_002')).to.not.equal(undefined);
      expect(await store.state('widgets')).to.deep.include({
        generation,
        checkpoint: '11',
        rebuild: null,
      });
    });

    it('abandons a rebuild, leaving the live tables as they were', async () => {
      await store.apply(
        'widgets',
        { kind: 'live' },
        [{ op: 'put', collection: 'widgets', doc: widget(1) }],
        position(1),
      );
      const generation = await store.beginRebuild('widgets');
      await store.abandonRebuild('widgets', generation);
      expect(await store.get('widgets', 'w_001')).to.not.equal(undefined);
      expect((await store.state('widgets'))!.rebuild).to.equal(null);
      let failed = false;
      try {
        await store.apply('widgets', { kind: 'rebuild', generation }, [], position(2));
      } catch {
        failed = true;
      }
      expect(failed).to.equal(true);
    });
  });
};

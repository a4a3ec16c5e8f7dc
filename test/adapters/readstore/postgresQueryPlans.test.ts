import { expect } from 'chai';
import type { Position } from '../../../domain/shared/envelope.js';
import { postgresReadStore } from '../../../adapters/readstore/postgres/postgresReadStore.js';
import type { ReadStore } from '../../../adapters/readstore/port.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';

type PlanNode = { 'Node Type': string; Plans?: PlanNode[] };

const nodeTypes = (node: PlanNode): string[] => [
  node['Node Type'],
  ...(node.Plans ?? []).flatMap(nodeTypes),
];

/**
 * The plans of the read store's own statements on a collection of 20,000 documents: a page, in
 * either direction, with or without a cursor, and the heads of each group, are each read off an
 * index in the order they ask, never sorted (a sort reads every row of the group first, and its
 * cost grows with history).
 */
const suite = () => {
  let db: Awaited<ReturnType<typeof freshSchema>>;
  let store: ReadStore;
  const statements: Array<{ text: string; values: unknown[] }> = [];

  before(async function () {
    this.timeout(60_000);
    db = await freshSchema();
    store = await postgresReadStore(db);
    await store.registerProjection('things', [{ name: 'things', indexes: [['kind', 'at']] }]);
    for (let batch = 0; batch < 20; batch++) {
      const puts = Array.from({ length: 1_000 }, (_, i) => {
        const n = batch * 1_000 + i;
        // Some documents of k0 have no `at`: they sort first going up.
        return {
          op: 'put' as const,
          collection: 'things',
          doc: { id: `t${n}`, kind: `k${n % 4}`, at: n % 4 === 0 && n % 97 === 0 ? null : n },
        };
      });
      await store.apply('things', { kind: 'live' }, puts, String(batch + 1) as Position);
    }
    await db.pool.query('ANALYZE');
    const query = db.pool.query.bind(db.pool);
    db.pool.query = ((text: string, values: unknown[]) => {
      if (typeof text === 'string' && /^\s*SELECT doc/.test(text))
        statements.push({ text, values: values ?? [] });
      return query(text, values);
    }) as typeof db.pool.query;
  });
  after(async () => db?.drop());

  /** The plan of every statement `read` made. */
  const plansOf = async (read: () => Promise<unknown>) => {
    statements.length = 0;
    await read();
    expect(statements.length).to.be.above(0);
    const plans: string[][] = [];
    for (const { text, values } of statements) {
      const explained = await db.pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `EXPLAIN (FORMAT JSON) ${text}`,
        values,
      );
      plans.push(nodeTypes(explained.rows[0]!['QUERY PLAN'][0]!.Plan));
    }
    return plans;
  };

  const readOffAnIndex = (plans: string[][]) => {
    for (const plan of plans) {
      expect(plan, plan.join(' > ')).to.not.include('Sort');
      expect(
        plan.some((type) => type.startsWith('Index')),
        plan.join(' > '),
      ).to.equal(true);
    }
  };

  for (const direction of ['asc', 'desc'] as const) {
    it(`reads a page going ${direction === 'asc' ? 'up' : 'down'} off the index, first and next`, async () => {
      const query = { where: { kind: 'k1' }, orderBy: { field: 'at', direction }, limit: 20 };
      let cursor: string | null = null;
      readOffAnIndex(
        await plansOf(async () => {
          cursor = (await store.find('things', query)).nextCursor;
        }),
      );
      expect(cursor).to.be.a('string');
      readOffAnIndex(await plansOf(() => store.find('things', { ...query, cursor: cursor! })));
    });
  }

  it('reads the first of each group off the index', async () => {
    readOffAnIndex(
      await plansOf(() =>
        store.firstOfEach('things', { groupBy: 'kind', orderBy: 'at', limit: 4 }),
      ),
    );
  });

  it('still sorts null first going up, as the embedded store does', async () => {
    const up = await store.find('things', {
      where: { kind: 'k0' },
      orderBy: { field: 'at', direction: 'asc' },
      limit: 3,
    });
    expect(up.docs.map((doc) => doc.at)).to.deep.equal([null, null, null]);
    const down = await store.find('things', {
      where: { kind: 'k0' },
      orderBy: { field: 'at', direction: 'desc' },
      limit: 1,
    });
    expect(down.docs[0]!.at).to.equal(19_996);
  });
};

if (postgresUrl === undefined || postgresUrl === '')
  skipSuite('PostgreSQL read store: query plans', NO_POSTGRES);
else describe('PostgreSQL read store: query plans', suite);

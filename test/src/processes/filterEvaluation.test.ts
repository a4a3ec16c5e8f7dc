import { expect } from 'chai';
import { ExpressionError } from '../../../src/processes/expressions.js';
import { expressionPool } from '../../../src/processes/evaluation/expressionPool.js';
import { isLinearExpression } from '../../../src/processes/evaluation/linearExpression.js';
import { evaluateFilter, filterInputOf } from '../../../src/delivery/endpointFilter.js';

const body = (data: Record<string, unknown>) =>
  filterInputOf({
    id: 'evt_1',
    type: 'invoice.issued',
    merchant_id: 'mer_a',
    created_at: '2026-03-01T12:00:00.000Z',
    data,
  });

describe('endpoint filters, evaluated', () => {
  it('run the common ones in-process: comparisons, and, or, in, parentheses, $contains of a literal', () => {
    for (const source of [
      'data.amount > 100 and data.currency = "EUR"',
      'type = "invoice.issued"',
      'type in ["invoice.issued", "invoice.paid"]',
      'data.amount >= 100 or (type = "order.created" and merchant_id = "mer_a")',
      '($exists(data.customer) and data.customer.country != "FR")',
      '$contains(type, "invoice")',
      '$not($contains(data.note, "test")) and data.total > 0',
    ])
      expect(isLinearExpression(source), source).to.equal(true);
  });

  it('send the others to the evaluators: predicates, regexes, bindings, $contains of a value', () => {
    for (const source of [
      'data.items[price > 10]',
      '$contains(data.note, /te+st/)',
      '$contains(data.note, data.needle)',
      '($x := data.amount; $x > 1)',
      '$contains(type)',
    ])
      expect(isLinearExpression(source), source).to.equal(false);
  });

  it('match only on exactly true, and give an error as no match with its reason', async () => {
    const eur = 'data.amount > 100 and data.currency = "EUR"';
    expect(
      await evaluateFilter('mer_a', eur, body({ amount: 150, currency: 'EUR' })),
    ).to.deep.equal({ matches: true, failure: null });
    expect(await evaluateFilter('mer_a', eur, body({ amount: 150 }))).to.deep.equal({
      matches: false,
      failure: null,
    });
    expect(await evaluateFilter('mer_a', 'data.amount', body({ amount: 1 }))).to.deep.equal({
      matches: false,
      failure: null,
    });
    const failed = await evaluateFilter('mer_a', 'data.amount + "x" = 1', body({ amount: 1 }));
    expect(failed.matches).to.equal(false);
    expect(failed.failure).to.be.instanceOf(ExpressionError);
    expect(failed.failure!.code).to.equal('expression_failed');
  });

  it('hold a runaway filter to its own, shorter time limit, in-process or in an evaluator', async () => {
    const started = Date.now();
    const runaway = await evaluateFilter(
      'mer_a',
      '($f := function($n){ $f($n + 1) }; $f(0))',
      body({}),
    );
    expect(runaway.failure?.code).to.equal('expression_timeout');
    expect(runaway.failure?.message).to.equal('the expression ran over 100 ms');
    expect(Date.now() - started).to.be.below(900);
  });
});

describe('the expression pool, for any input on behalf of a merchant', () => {
  const pool = expressionPool({ evaluators: 1 });
  after(() => pool.close());

  it('evaluates over the input given, held to the time limit of the job', async () => {
    expect(
      await pool.evaluateFor('mer_a', 'data.items[price > 10].sku', {
        data: {
          items: [
            { sku: 'a', price: 5 },
            { sku: 'b', price: 20 },
          ],
        },
      }),
    ).to.equal('b');
    const started = Date.now();
    try {
      // Stuck inside one node, where only the kill stops it.
      await pool.evaluateFor(
        'mer_a',
        '$distinct(xs)',
        { xs: Array.from({ length: 50_000 }, (_, i) => i) },
        150,
      );
      expect.fail('a runaway gave a value');
    } catch (err) {
      expect(err).to.be.instanceOf(ExpressionError);
      expect((err as ExpressionError).code).to.equal('expression_timeout');
      expect((err as ExpressionError).message).to.equal('the expression ran over 150 ms');
    }
    expect(Date.now() - started).to.be.below(900);
    // The evaluator was replaced; the pool's own limit holds for jobs that give none.
    expect(await pool.evaluateFor('mer_b', '$count(xs[$ > 1])', { xs: [1, 2, 3] })).to.equal(2);
  });
});

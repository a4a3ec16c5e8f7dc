import { expect } from 'chai';
import { isLinearExpression } from '../../../src/processes/evaluation/linearExpression.js';

describe('expressions evaluated in the service’s own process', () => {
  it('are paths, arithmetic, comparisons, conditions and constructors of them', () => {
    for (const source of [
      'input.n * 2',
      'steps.charge.body.id',
      '{ "doubled": steps.double, "who": instance.merchant_id }',
      'input.amount > 100 and input.currency = "EUR" ? "review" : "auto"',
      '[input.a, input.b, -input.c]',
      '$count(input.items) > 0',
      '$sum(input.items.price)',
      'input.s & "-" & $uppercase(input.t)',
      '$',
      '$$.data.b',
      '$count(data.a.*.b)',
    ])
      expect(isLinearExpression(source), source).to.equal(true);
  });

  it('are never filters, sorts, lambdas, regexes, bindings, unbounded built-ins or long ones', () => {
    for (const source of [
      'input.items[price > 1].name',
      'input.items^(price)',
      '$map(input.items, function($i) { $i * 2 })',
      '$match(input.s, /(a+)+$/)',
      '$pad("x", 300000000)',
      '$string(input)',
      '($x := input.n; $x * 2)',
      '[1..10000000]',
      'input.items{ $.k: $.v }',
      '$eval(input.code)',
      '$distinct(input.items)',
      Array.from({ length: 40 }, (_, i) => `input.f${i}`).join(' + '),
      'not valid (',
    ])
      expect(isLinearExpression(source), source).to.equal(false);
  });

  it('are never paths that make something per item: those may multiply what they read', () => {
    for (const source of [
      // Each of `a`'s items gives all of `b`: a list `a` times `b` long, flattened in one go.
      '$count(data.a.($$.data.b)) > 0',
      '$count(input.a.($$.input.b))',
      'data.a.$$.data.b',
      'data.a.$.data.b',
      'data.a.[b, b].[$, $].[$, $]',
      'input.items.(price * qty)',
      'data.a.$count($$.data.b)',
      '(data.a).($$.data.b)',
    ])
      expect(isLinearExpression(source), source).to.equal(false);
  });
});

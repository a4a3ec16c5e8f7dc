import { expect } from 'chai';
import jsonata from 'jsonata';
import type { ExpressionContext } from '../../../src/processes/expressions.js';
import { ExpressionError } from '../../../src/processes/expressions.js';
import type { ExpressionPool } from '../../../src/processes/evaluation/expressionPool.js';
import { expressionPool } from '../../../src/processes/evaluation/expressionPool.js';
import { merchantQueues } from '../../../src/processes/evaluation/merchantQueues.js';
import { expression } from '../../../domain/processes/definition/expressions.js';
import type { FieldFault } from '../../../domain/shared/errors.js';

const contextOf = (merchantId: string, input: Record<string, unknown> = {}): ExpressionContext => ({
  input,
  steps: {},
  instance: { id: 'pi_test', merchant_id: merchantId },
});

/** The error an evaluation rejects with; fails the test if it gives a value. */
const failure = async (pool: ExpressionPool, source: string, input = {}, merchantId = 'mer_a') => {
  try {
    const value = await pool.evaluate(source, contextOf(merchantId, input));
    throw new Error(`${source} gave ${JSON.stringify(value)}`);
  } catch (err) {
    expect(err).to.be.instanceOf(ExpressionError);
    return err as ExpressionError;
  }
};

/** Runs forever one node after another: only the guard or the kill stops it. */
const RUNAWAY = '($f := function($n){ $f($n + 1) }; $f(0))';
/**
 * Runs inside one node, where the guard never looks: jsonata's `$distinct` compares each item with
 * each one kept, synchronously. Only a kill stops it.
 */
const STUCK_IN_ONE_NODE = '$distinct(input.xs)';
const DISTINCT_NUMBERS = { xs: Array.from({ length: 50_000 }, (_, i) => i) };

describe('evaluating expressions off the event loop', () => {
  // Each pool starts its evaluators as work comes; a few pools keep this file quick.
  const pool = expressionPool({ evaluators: 1 });
  const quick = expressionPool({ evaluators: 1, timeLimitMs: 200 });
  after(() => Promise.all([pool.close(), quick.close()]));

  it('evaluates as jsonata does, and fails a faulty expression as expression_failed', async () => {
    const context = { ...contextOf('mer_a', { n: 21 }), steps: { a: { total: 1 } } };
    expect(await pool.evaluate('input.n * 2 + steps.a.total', context)).to.equal(43);
    expect(await pool.evaluate('input.missing', context)).to.equal(undefined);
    const err = await failure(pool, 'input.n + "x"', { n: 1 });
    expect(err.code).to.equal('expression_failed');
    expect(err.expression).to.equal('input.n + "x"');
  });

  it('stops a runaway at the time limit, killing the evaluator when the guard cannot', async () => {
    for (const [source, input] of [
      [RUNAWAY, {}],
      [STUCK_IN_ONE_NODE, DISTINCT_NUMBERS],
    ] as const) {
      const started = Date.now();
      const err = await failure(quick, source, input);
      expect(err.code, err.message).to.equal('expression_timeout');
      expect(err.message).to.equal('the expression ran over 200 ms');
      expect(Date.now() - started).to.be.below(5_000);
      // The evaluator is there again (a new one, where the old was killed).
      expect(await quick.evaluate('1 + 1', contextOf('mer_a'))).to.equal(2);
    }
  });

  it('ends an evaluator that runs out of memory, not the process, and starts another', async () => {
    const small = expressionPool({ evaluators: 1, memoryMb: 16, timeLimitMs: 10_000 });
    try {
      const err = await failure(small, '$count([1..100000].[[1..100]])');
      expect(err.code, err.message).to.equal('expression_memory');
      expect(await small.evaluate('1 + 1', contextOf('mer_a'))).to.equal(2);
    } finally {
      await small.close();
    }
  });

  it('holds back, for its merchant alone, the work that ended its evaluator, so none starts again', async () => {
    let now = 1_000_000;
    const small = expressionPool({
      evaluators: 1,
      memoryMb: 16,
      timeLimitMs: 10_000,
      now: () => now,
    });
    const blowUp = '$count([1..100000].[[1..100]])';
    try {
      const first = await failure(small, blowUp, {}, 'mer_a');
      expect(first.code).to.equal('expression_memory');
      const started = Date.now();
      const again = await failure(small, blowUp, {}, 'mer_a');
      expect(again.code).to.equal('expression_memory');
      expect(again.message).to.match(/^not run: the same work ended its evaluator/);
      expect(Date.now() - started, 'refused without an evaluator').to.be.below(50);
      // Another merchant's is run, and ends an evaluator of its own; the first is run once held no more.
      expect((await failure(small, blowUp, {}, 'mer_b')).message).to.not.match(/^not run/);
      now += 60_000;
      expect((await failure(small, blowUp, {}, 'mer_a')).message).to.not.match(/^not run/);
      expect(await small.evaluate('1 + 1', contextOf('mer_a'))).to.equal(2);
    } finally {
      await small.close();
    }
  });

  it('refuses a $pad past the bound before allocating it, and pads as jsonata does below it', async () => {
    const err = await failure(pool, '$pad("x", input.width)', { width: 300_000_000 });
    expect(err.code).to.equal('expression_output_too_large');
    expect(err.message).to.match(/\$pad would make a string of 300000000 characters/);
    for (const source of [
      '$pad("abc", 6, "xy")',
      '$pad("abc", -7, "xy")',
      '$pad("😀é", 5, "ü😀")',
      '$pad("abcdef", 3)',
      '$pad("a", 4)',
      '"abc" ~> $pad(5, "-")',
    ]) {
      const native: unknown = await jsonata(source).evaluate({});
      expect(await pool.evaluate(source, contextOf('mer_a')), source).to.equal(native);
    }
  });

  it('runs regexes in linear time, as jsonata runs them otherwise', async () => {
    const evil = { s: `${'a'.repeat(30)}!` };
    const started = Date.now();
    expect(await pool.evaluate('$match(input.s, /(a+)+$/)', contextOf('mer_a', evil))).to.equal(
      undefined,
    );
    expect(Date.now() - started).to.be.below(1_000);
    for (const source of [
      '$match("ab12cd345", /[a-z]+(\\d+)/)',
      '$match("one two", /(o)(x)?/)',
      '$replace("a1b22c333", /\\d+/, "#")',
      '$replace("John Smith", /(\\w+)\\s(\\w+)/, "$2, $1")',
      '$split("a, b,c ,d", /\\s*,\\s*/)',
      '$contains("Hello", /hello/i)',
      '$match("line1\\nline2", /^line\\d$/m).match',
      '$match("😀a😀b", /[ab]/)',
    ]) {
      const native: unknown = await jsonata(source).evaluate({});
      expect(await pool.evaluate(source, contextOf('mer_a')), source).to.deep.equal(
        JSON.parse(JSON.stringify(native)),
      );
    }
    const err = await failure(pool, '$match("aa", /(a)\\1/)');
    expect(err.code).to.equal('expression_failed');
    expect(err.message).to.match(/cannot run in linear time/);
  });

  it('fails a value larger than a step output may be, and strings that double on the way', async () => {
    expect(await pool.evaluate('$pad("", 200000, "x")', contextOf('mer_a'))).to.have.length(
      200_000,
    );
    const large = await failure(pool, '[1..30000].("abcdef")');
    expect(large.code).to.equal('expression_output_too_large');
    expect(large.message).to.equal("the expression's value is larger than 262144 bytes as JSON");
    // Three bytes a character in UTF-8: 100,000 characters are 300,000 bytes.
    expect((await failure(pool, '$pad("", 100000, "€")')).code).to.equal(
      'expression_output_too_large',
    );
    const doubling = await failure(
      pool,
      '($f := function($s, $n){ $n = 0 ? $s : $f($s & $s, $n - 1) }; $length($f("x", 40)))',
    );
    expect(doubling.code).to.equal('expression_output_too_large');
    expect(doubling.message).to.match(/made a string of 524288 characters; at most 262144/);
  });

  it("serves merchants in turn: one merchant's queue does not hold up another's", async () => {
    const settled: string[] = [];
    const track = (label: string, merchantId: string, source: string) =>
      quick.evaluate(source, contextOf(merchantId)).then(
        () => settled.push(label),
        () => settled.push(label),
      );
    await Promise.all([
      ...[1, 2, 3, 4, 5].map((n) => track(`evil ${n}`, 'mer_evil', RUNAWAY)),
      track('good', 'mer_good', '1 + 1'),
    ]);
    // Behind at most the one running and the one ahead of it in turn; in order, it would be last.
    expect(settled.indexOf('good'), settled.join(', ')).to.be.at.most(2);
  });

  it('takes one item of each merchant in turn', () => {
    const queues = merchantQueues<string>();
    for (const [merchant, item] of [
      ['a', 'a1'],
      ['a', 'a2'],
      ['a', 'a3'],
      ['b', 'b1'],
      ['c', 'c1'],
      ['b', 'b2'],
    ] as const)
      queues.push(merchant, item);
    const taken: string[] = [];
    for (let item = queues.take(); item !== undefined; item = queues.take()) taken.push(item);
    expect(taken).to.deep.equal(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(queues.size).to.equal(0);
  });
});

describe('expressions, when a definition is published', () => {
  const read = (value: unknown) => {
    const faults: FieldFault[] = [];
    const read = expression(value, 'steps.0.value', faults);
    return { read, faults };
  };

  it('takes an expression whose regexes run in linear time', () => {
    expect(read('$match(input.s, /(a+)+$/i)')).to.deep.equal({
      read: '$match(input.s, /(a+)+$/i)',
      faults: [],
    });
  });

  it('refuses a regex with a backreference or lookaround, naming it', () => {
    for (const source of ['$match(input.s, /(a)\\1/)', '$replace(input.s, /a(?=b)/, "")']) {
      const { read: value, faults } = read(source);
      expect(value).to.equal(undefined);
      expect(faults).to.have.length(1);
      expect(faults[0]!.path).to.equal('steps.0.value');
      expect(faults[0]!.message).to.match(/has the regex .* cannot run in linear time/);
    }
  });

  it('refuses an expression or a regex over its size bound', () => {
    const long = read(`"${'a'.repeat(10_000)}"`);
    expect(long.faults[0]!.message).to.equal('must be at most 10000 characters long');
    const longRegex = read(`$match(input.s, /${'a'.repeat(1_001)}/)`);
    expect(longRegex.faults[0]!.message).to.equal('has a regex of 1001 characters; at most 1000');
  });
});

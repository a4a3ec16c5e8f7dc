import { expect } from 'chai';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { compileInputSchema } from '../../../domain/processes/definition/inputSchema.js';
import { parseDefinition } from '../../../domain/processes/definition/parseDefinition.js';
import type { FieldFault } from '../../../domain/shared/errors.js';
import { validateInWorker } from './validateInWorker.js';

const EVIL_PATTERNS = ['^(a|a)*$', '(a+)+$'];
const LENGTHS = [30, 1_000, 10_000];

const definitionWith = (input_schema: Record<string, unknown>) => ({
  id: 'order.fulfil',
  name: 'Fulfil an order',
  input_schema,
  steps: [{ id: 'end', type: 'succeed' }],
});

const faultsOf = (input_schema: Record<string, unknown>): FieldFault[] => {
  const parsed = parseDefinition(definitionWith(input_schema));
  if (isRight(parsed)) expect.fail('the definition was accepted');
  return parsed.left.errors ?? [];
};

const accepted = (input_schema: Record<string, unknown>): void => {
  const parsed = parseDefinition(definitionWith(input_schema));
  if (isLeft(parsed)) expect.fail(`refused: ${JSON.stringify(parsed.left.errors)}`);
};

const expectQuick = (results: Array<{ ms: number }>) => {
  for (const [i, { ms }] of results.entries()) {
    expect(ms, `input ${i} took ${Math.round(ms)} ms`).to.be.below(1_000);
  }
};

describe('input schema patterns', function () {
  this.timeout(30_000);

  describe('check merchant input in time linear in its length', () => {
    for (const pattern of EVIL_PATTERNS) {
      it(`${pattern} in "pattern", on 30 to 10,000 characters: each within 1 s`, async () => {
        const schema = { type: 'object', properties: { code: { type: 'string', pattern } } };
        const inputs = [
          ...LENGTHS.map((n) => ({ code: `${'a'.repeat(n)}!` })),
          { code: 'a'.repeat(10_000) },
        ];
        const results = await validateInWorker(schema, inputs);
        expectQuick(results);
        expect(results.map((result) => result.valid)).to.deep.equal([false, false, false, true]);
        expect(results[0]!.errors[0]).to.include({
          instancePath: '/code',
          message: `must match pattern "${pattern}"`,
        });
      });

      it(`${pattern} in "patternProperties", on names of 30 to 10,000 characters: each within 1 s`, async () => {
        const schema = {
          type: 'object',
          patternProperties: { [pattern]: { type: 'number' } },
          additionalProperties: false,
        };
        const inputs = [
          ...LENGTHS.map((n) => ({ [`${'a'.repeat(n)}!`]: 1 })),
          { ['a'.repeat(10_000)]: 1 },
          { ['a'.repeat(10_000)]: 'one' },
        ];
        const results = await validateInWorker(schema, inputs);
        expectQuick(results);
        expect(results.map((result) => result.valid)).to.deep.equal([
          false,
          false,
          false,
          true,
          false,
        ]);
        expect(results[0]!.errors[0]?.message).to.equal('must NOT have additional properties');
        expect(results[4]!.errors[0]?.message).to.equal('must be number');
      });
    }
  });

  it('keep the meaning JSON Schema gives them: unanchored ECMA-262, with Unicode', () => {
    const matches = (pattern: string, text: string) =>
      compileInputSchema({ type: 'string', pattern })(text);
    expect(matches('b+', 'abbbc'), 'unanchored').to.equal(true);
    expect(matches('^b+$', 'abbbc'), 'anchored').to.equal(false);
    expect(matches('^.$', '😀'), 'a code point is one character').to.equal(true);
    expect(matches('^\\u{1F600}\\u00e9$', '😀é'), 'Unicode escapes').to.equal(true);
    expect(matches('^.$', '\r'), '. stops at line terminators').to.equal(false);
    expect(matches('^\\s+$', '\u00a0\u2003\ufeff\v'), '\\s is Unicode white space').to.equal(true);
    expect(matches('^[^\\S\\n]+$', ' \t\u3000'), 'white space but a new line').to.equal(true);
    expect(matches('^[^\\S\\n]+$', ' \n'), 'white space but a new line').to.equal(false);
    expect(matches('^[\\S\\d]+$', 'ab1'), 'not white space, or a digit').to.equal(true);
    expect(matches('^\\d{3}-(?<code>[A-Z]{2})$', '123-AB'), 'named groups').to.equal(true);
    expect(matches('^[]$', ''), 'an empty class matches nothing').to.equal(false);
    expect(matches('^[^]$', '\n'), 'a negated empty class matches anything').to.equal(true);
  });

  describe('refuse at publication', () => {
    it('a pattern over 1,000 characters, where it is', () => {
      accepted({ properties: { code: { type: 'string', pattern: `[${'a'.repeat(998)}]` } } });
      expect(
        faultsOf({ properties: { code: { type: 'string', pattern: 'a'.repeat(1_001) } } }),
      ).to.deep.equal([
        {
          path: 'input_schema.properties.code.pattern',
          message: 'is 1001 characters long; at most 1000 are allowed',
        },
      ]);
      expect(faultsOf({ items: { patternProperties: { ['b'.repeat(5_000)]: {} } } })).to.deep.equal(
        [
          {
            path: 'input_schema.items.patternProperties',
            message: `has a pattern "${'b'.repeat(60)}…" that is 5000 characters long; at most 1000 are allowed`,
          },
        ],
      );
    });

    it('a pattern only a backtracking engine can check, saying why', () => {
      const because = (what: string) => `uses ${what}, which no linear-time engine can check`;
      expect(faultsOf({ pattern: '^(a)\\1$' })).to.deep.equal([
        { path: 'input_schema.pattern', message: because('a backreference') },
      ]);
      expect(faultsOf({ anyOf: [{ pattern: '^(?<x>a)\\k<x>$' }] })).to.deep.equal([
        { path: 'input_schema.anyOf.0.pattern', message: because('a backreference') },
      ]);
      expect(faultsOf({ properties: { a: { pattern: 'x(?=y)' } } })).to.deep.equal([
        {
          path: 'input_schema.properties.a.pattern',
          message: because('a lookahead or lookbehind'),
        },
      ]);
      expect(faultsOf({ patternProperties: { '(?<!x)y': {} } })).to.deep.equal([
        {
          path: 'input_schema.patternProperties',
          message: `has a pattern "(?<!x)y" that ${because('a lookahead or lookbehind')}`,
        },
      ]);
    });

    it('a pattern that compiles to over 1,000 instructions, or is not ECMA-262', () => {
      accepted({ pattern: '^[a-z0-9-]{1,255}$' });
      expect(faultsOf({ pattern: '[ab]{1000}[ab]{1000}' })).to.deep.equal([
        {
          path: 'input_schema.pattern',
          message: 'compiles to 2002 instructions; at most 1000 are allowed',
        },
      ]);
      expect(faultsOf({ pattern: 'a{1001}' })[0]?.message).to.match(
        /^cannot be matched in linear time: .*invalid repeat count/,
      );
      expect(faultsOf({ pattern: '(' })[0]).to.deep.equal({
        path: 'input_schema.pattern',
        message:
          'is not an ECMA-262 regular expression: Invalid regular expression: /(/u: Unterminated group',
      });
    });

    it('an input schema over 64 KiB of JSON, such as one holding a 500,000-character pattern', () => {
      expect(faultsOf({ pattern: 'a'.repeat(500_000) })).to.deep.equal([
        { path: 'input_schema', message: 'must be at most 65536 bytes as JSON, not 500014' },
      ]);
      accepted({ description: 'x'.repeat(65_000) });
    });

    it('nothing that merely looks like a pattern: data in const, enum or default, a property named pattern', () => {
      accepted({
        properties: { pattern: { type: 'string' } },
        const: { pattern: '(a)\\1' },
        enum: [{ pattern: '(?=a)' }],
        default: { patternProperties: { '(a)\\1': {} } },
      });
    });
  });
});

import { expect } from 'chai';
import fc from 'fast-check';
import { bodyFault, MAX_BODY_DEPTH } from '../../../src/http/middleware/bodyFaults.js';
import { mayHoldFault } from '../../../src/http/middleware/bodyText.js';

const text = (json: string) => Buffer.from(json, 'utf8');
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('a body’s text, read before it is parsed', () => {
  it('tells each fault bodyFault refuses: deep nesting, an overflowing number, U+0000', () => {
    for (const json of [
      nested(MAX_BODY_DEPTH + 1),
      '{"n": 1e309}',
      '[-2E+400]',
      `{"n": ${'9'.repeat(400)}}`,
      '{"s": "a\\u0000b"}',
      '{"a\\u0000": 1}',
    ]) {
      expect(bodyFault(JSON.parse(json)), json.slice(0, 40)).to.not.equal(undefined);
      expect(mayHoldFault(text(json)), json.slice(0, 40)).to.equal(true);
    }
  });

  it('passes ordinary bodies, brackets and escapes inside strings among them', () => {
    for (const json of [
      nested(MAX_BODY_DEPTH),
      '{"s": "[[[[\\"]]]]", "n": -12.5, "ok": true, "none": null}',
      JSON.stringify({ items: Array.from({ length: 1000 }, (_, i) => ({ k: i, s: 'é€😀' })) }),
    ])
      expect(mayHoldFault(text(json)), json.slice(0, 40)).to.equal(false);
  });

  it('is never false for a body bodyFault refuses', () => {
    // Any JSON, with now and then a number too large, a U+0000 or more nesting than allowed.
    const extra = fc.oneof(
      fc.constant('"INFINITE"'),
      fc.constant('"\\u0000"'),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.integer({ min: 90, max: 110 }).map(nested),
    );
    fc.assert(
      fc.property(fc.jsonValue(), extra, (value, added) => {
        const json = `{"value":${JSON.stringify(value)},"extra":${added.replace('"INFINITE"', '1e309')}}`;
        const parsed = JSON.parse(json) as unknown;
        if (bodyFault(parsed) !== undefined) expect(mayHoldFault(text(json))).to.equal(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

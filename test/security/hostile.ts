import fc from 'fast-check';

/** Strings that have broken parsers, databases and logs before. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\u202egnp.exe',
  '\ufeff',
  '😀',
  'ﷺ',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '9'.repeat(400),
  '0x10',
  '1_000',
  ' 1',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  '%',
  '%zz',
  '%00',
  '%ff',
  '\r\nx-injected: 1',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'mer_',
  'mer_owner',
  'mer_' + 'a'.repeat(65),
  'we_',
  'evt_',
  'pi_',
  'key_',
  'whsec_',
  '2026-02-30T25:61:61Z',
  'a'.repeat(5000),
  'é'.repeat(3000),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 2000, maxLength: 20_000 }) },
);

/** Numbers JSON can carry, and some it cannot quite (JSON.stringify turns NaN into null). */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-0, 0, 1, -1, 0.5, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324, NaN, Infinity),
  fc.integer(),
  fc.double(),
);

/** A value nested `depth` levels deep, in arrays or objects. */
const deep = (depth: number, leaf: unknown, inArrays: boolean): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = inArrays ? [value] : { a: value };
  return value;
};

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': '' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 10, max: 500 }), fc.boolean())
      .map(([depth, arrays]) => deep(depth, 1, arrays)),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 5 }),
  },
);

/** A body as it goes on the wire: its bytes (as text) and its content type, if any. */
export type RawBody = { raw: string | Buffer; contentType?: string };

const json = (value: unknown): RawBody => ({
  raw: JSON.stringify(value) ?? 'null',
  contentType: 'application/json',
});

/** A JSON body shaped like the operation's own (its field names), with hostile values. */
const mutatedObject = (fields: readonly string[], sample: Record<string, unknown>) =>
  fc
    .record({
      drop: fc.subarray([...fields]),
      replace: fc.dictionary(
        fc.constantFrom(...(fields.length > 0 ? fields : ['x'])),
        hostileValue,
        {
          maxKeys: 4,
        },
      ),
      extra: fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }),
      keepExtra: fc.boolean(),
    })
    .map(({ drop, replace, extra, keepExtra }) => {
      const body: Record<string, unknown> = { ...sample };
      for (const field of drop) delete body[field];
      Object.assign(body, replace, keepExtra ? extra : {});
      return json(body);
    });

/** Bodies that are not quite JSON, or JSON that parsers disagree about. */
const rawJsonText: fc.Arbitrary<RawBody> = fc
  .constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{"a":1}{"b":2}',
    '{"role":"admin","role":"auditor"}',
    '{"url":"https://x.example","url":{"a":1}}',
    '{"n": 1e999999}',
    '{"n": -0}',
    '{"n": 123456789012345678901234567890}',
    '{"s": "\\ud800"}',
    '{"s": "\\u0000"}',
    '{"__proto__": {"admin": true}}',
    '{"constructor": {"prototype": {"x": 1}}}',
    '[]',
    '[{}]',
    '"text"',
    'null',
    'true',
    '123',
    '\ufeff{}',
    '',
    ' ',
    'NaN',
  )
  .map((raw) => ({ raw, contentType: 'application/json' }));

/** JSON nested deeper than any recursive walk of it can go. */
const deepText: fc.Arbitrary<RawBody> = fc
  .tuple(
    fc.integer({ min: 1000, max: 50_000 }),
    fc.boolean(),
    fc.constantFrom('data', 'input', 'x'),
  )
  .map(([depth, arrays, field]) => ({
    raw: `{"${field}":${(arrays ? '[' : '{"a":').repeat(depth)}1${(arrays ? ']' : '}').repeat(depth)}}`,
    contentType: 'application/json',
  }));

/** Bytes that are not UTF-8, in a JSON body. */
const badBytes: fc.Arbitrary<RawBody> = fc
  .constantFrom(
    [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d],
    [0xc0, 0x80],
    [0xed, 0xa0, 0x80],
  )
  .map((bytes) => ({ raw: Buffer.from(bytes), contentType: 'application/json' }));

/** A good JSON body under a content type that is not JSON, or a JSON type in another charset. */
const wrongType = (sample: Record<string, unknown>): fc.Arbitrary<RawBody> =>
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/jsonx',
      'json',
      '',
    )
    .map((contentType) => ({ raw: JSON.stringify(sample), contentType }));

/** Every kind of bad body, for an operation with these fields and this valid sample. */
export const hostileBody = (
  fields: readonly string[],
  sample: Record<string, unknown>,
): fc.Arbitrary<RawBody> =>
  fc.oneof(
    { weight: 6, arbitrary: mutatedObject(fields, sample) },
    { weight: 2, arbitrary: hostileValue.map(json) },
    { weight: 2, arbitrary: rawJsonText },
    { weight: 1, arbitrary: deepText },
    { weight: 1, arbitrary: badBytes },
    { weight: 1, arbitrary: wrongType(sample) },
  );

/** A body over the 1 MiB limit: rare, as it is slow to send. */
export const oversizedBody: RawBody = {
  raw: JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 10) }),
  contentType: 'application/json',
};

/**
 * A path segment or query value as sent: percent-encoded when it can be, and otherwise (a lone
 * surrogate, which has no UTF-8 form) as the bytes of the surrogate, or a raw bad escape.
 */
export const encodeComponent = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

import { expect } from 'chai';
import { compileInputSchema } from '../../../domain/processes/definition/inputSchema.js';
import { validateInWorker } from './validateInWorker.js';

const errorsOf = (schema: Record<string, unknown>, input: unknown) => {
  const validate = compileInputSchema(schema);
  validate(input);
  return (validate.errors ?? []).map(({ instancePath, message }) => ({ instancePath, message }));
};

describe('input schema equality: uniqueItems and enum', function () {
  this.timeout(30_000);

  it('uniqueItems over 60,000 objects: within 1 s, duplicates found wherever they are', async () => {
    const objects = Array.from({ length: 60_000 }, (_, i) => ({ id: i, name: `item ${i}` }));
    const [distinct, duplicated] = await validateInWorker({ type: 'array', uniqueItems: true }, [
      objects,
      [...objects, { name: 'item 17', id: 17 }],
    ]);
    expect(distinct!.ms, `${Math.round(distinct!.ms)} ms`).to.be.below(1_000);
    expect(duplicated!.ms, `${Math.round(duplicated!.ms)} ms`).to.be.below(1_000);
    expect(distinct!.valid).to.equal(true);
    expect(duplicated!.errors).to.deep.equal([
      {
        instancePath: '',
        schemaPath: '#/uniqueItems',
        keyword: 'uniqueItems',
        params: { i: 60_000, j: 17 },
        message: 'must NOT have duplicate items (items ## 17 and 60000 are identical)',
      },
    ]);
  });

  it('uniqueItems by JSON Schema equality: keys in any order, numbers by value, arrays in order', () => {
    const unique = { type: 'array', uniqueItems: true };
    const duplicate = (j: number, i: number) => [
      {
        instancePath: '',
        message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      },
    ];
    expect(
      errorsOf(unique, [
        { a: 1, b: { c: [1, { d: 2, e: 3 }] } },
        { b: { c: [1, { e: 3, d: 2 }] }, a: 1 },
      ]),
    ).to.deep.equal(duplicate(0, 1));
    expect(errorsOf(unique, JSON.parse('[2, 1, 1.0]'))).to.deep.equal(duplicate(1, 2));
    expect(errorsOf(unique, [0, -0])).to.deep.equal(duplicate(0, 1));
    expect(
      errorsOf(unique, [
        { 10: 'x', 2: 'y', b: 1, a: 2 },
        { a: 2, b: 1, 2: 'y', 10: 'x' },
      ]),
    ).to.deep.equal(duplicate(0, 1));
    expect(
      errorsOf(unique, [[1, 2], [2, 1], { a: 1 }, { a: '1' }, null, 'null', 1, '1', true, 'true']),
    ).to.deep.equal([]);
    expect(errorsOf(unique, [{ a: 1 }, { a: 1, b: 2 }, [{ a: 1 }], []])).to.deep.equal([]);
    expect(errorsOf({ type: 'array', uniqueItems: false }, [1, 1])).to.deep.equal([]);
    expect(errorsOf({ uniqueItems: true }, 'not an array')).to.deep.equal([]);
    expect(
      errorsOf({ type: 'array', items: { type: 'array', uniqueItems: true } }, [[1], [2, 2]]),
    ).to.deep.equal([
      {
        instancePath: '/1',
        message: 'must NOT have duplicate items (items ## 0 and 1 are identical)',
      },
    ]);
  });

  it('enum of 2,000 objects over 20,000 items: within 1 s, by JSON Schema equality', async () => {
    const allowed = Array.from({ length: 2_000 }, (_, i) => ({ sku: i, kind: 'part' }));
    const schema = { type: 'array', items: { enum: allowed } };
    const [refused, fine] = await validateInWorker(schema, [
      Array.from({ length: 20_000 }, (_, i) => ({ sku: -i - 1, kind: 'part' })),
      Array.from({ length: 20_000 }, (_, i) => ({ kind: 'part', sku: i % 2_000 })),
    ]);
    expect(refused!.ms, `${Math.round(refused!.ms)} ms`).to.be.below(1_000);
    expect(fine!.ms, `${Math.round(fine!.ms)} ms`).to.be.below(1_000);
    expect(refused!.errors).to.have.length(20_000);
    expect(refused!.errors[5]).to.include({
      instancePath: '/5',
      message: 'must be equal to one of the allowed values',
    });
    expect(fine!.valid).to.equal(true);
  });

  it('enum by JSON Schema equality, with errors as before', () => {
    const schema = { enum: ['x', 2, null, { a: [1, { b: 2, c: 3 }] }] };
    expect(errorsOf(schema, { a: [1, { c: 3, b: 2 }] })).to.deep.equal([]);
    expect(errorsOf(schema, JSON.parse('2.0'))).to.deep.equal([]);
    expect(errorsOf(schema, null)).to.deep.equal([]);
    expect(errorsOf(schema, { a: [{ c: 3, b: 2 }, 1] })).to.deep.equal([
      { instancePath: '', message: 'must be equal to one of the allowed values' },
    ]);
    expect(errorsOf(schema, '2')).to.have.length(1);
    const validate = compileInputSchema({ properties: { kind: { enum: ['a', 'b'] } } });
    expect(validate({ kind: 'c' })).to.equal(false);
    expect(validate.errors).to.deep.equal([
      {
        instancePath: '/kind',
        schemaPath: '#/properties/kind/enum',
        keyword: 'enum',
        params: { allowedValues: ['a', 'b'] },
        message: 'must be equal to one of the allowed values',
      },
    ]);
    expect(() => compileInputSchema({ enum: [] })).to.throw('enum must have non-empty array');
  });
});

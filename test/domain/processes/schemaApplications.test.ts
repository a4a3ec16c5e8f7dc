import { expect } from 'chai';
import { compileInputSchema } from '../../../domain/processes/definition/inputSchema.js';
import { compileStoredInputSchema } from '../../../domain/processes/definition/checkableSchema.js';
import { applicationFault } from '../../../domain/processes/definition/schemaApplications.js';

/** `levels` definitions, each applying the next twice to the same value: 2^levels applications. */
const doubling = (levels: number) => {
  const $defs: Record<string, unknown> = { l0: { type: 'object' } };
  for (let i = 1; i <= levels; i++)
    $defs[`l${i}`] = { allOf: [{ $ref: `#/$defs/l${i - 1}` }, { $ref: `#/$defs/l${i - 1}` }] };
  return { $defs, $ref: `#/$defs/l${levels}` };
};

describe('input schemas that apply their schemas too often', () => {
  it('are refused when a reference doubles the work at each level, before any input meets them', () => {
    expect(applicationFault(doubling(22))).to.contain('too often');
    // What the refusal spares: validating one small input took seconds.
    expect(applicationFault(doubling(5))).to.equal(null);
  });

  it('are refused when a schema applies itself to the same value without end', () => {
    expect(applicationFault({ $ref: '#' })).to.contain('without end');
    expect(
      applicationFault({ $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } }, $ref: '#/$defs/a' }),
    ).to.not.equal(null);
  });

  it('are refused when each level of the input gets twice the schemas of the one above', () => {
    const schema = {
      allOf: [{ $ref: '#/$defs/node' }, { $ref: '#/$defs/node' }],
      $defs: { node: { properties: { next: { $ref: '#' } } } },
    };
    expect(applicationFault(schema)).to.not.equal(null);
  });

  it('are not: recursive trees, shared definitions and ordinary schemas pass', () => {
    const tree = {
      $ref: '#/$defs/node',
      $defs: {
        node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            left: { $ref: '#/$defs/node' },
            right: { $ref: '#/$defs/node' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
        },
      },
    };
    expect(applicationFault(tree)).to.equal(null);
    const shared = {
      $defs: { money: { type: 'object', properties: { amount: { type: 'integer' } } } },
      properties: { total: { $ref: '#/$defs/money' }, tax: { $ref: '#/$defs/money' } },
      anyOf: [{ required: ['total'] }, { required: ['tax'] }],
    };
    expect(applicationFault(shared)).to.equal(null);
    expect(() => compileInputSchema(tree)).to.not.throw();
  });

  it('published before these limits, refuse every input with the reason, instead of running', () => {
    const stored = compileStoredInputSchema(doubling(22)).validate;
    expect(stored({})).to.equal(false);
    expect(stored.errors?.[0]?.message).to.contain('publish a new version');
    const ordinary = compileStoredInputSchema({ type: 'object', required: ['n'] }).validate;
    expect(ordinary({ n: 1 })).to.equal(true);
    expect(ordinary({})).to.equal(false);
  });
});

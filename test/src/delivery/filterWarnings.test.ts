import { expect } from 'chai';
import type { EventTypeEntry } from '../../../domain/catalog/eventCatalog.js';
import {
  WARNING_BOUNDS,
  dataPathsOf,
  filterWarnings,
} from '../../../src/delivery/filterWarnings.js';

const typeOf = (name: string, schema: Record<string, unknown>): EventTypeEntry => ({
  name,
  family: 'shop',
  description: name,
  deliverable: true,
  schema,
  examples: [],
  version: 2,
  deprecated: false,
  updated_at: null,
});

const SHIPPED = typeOf('shop.parcel.shipped', {
  type: 'object',
  properties: {
    carrier: { type: 'string' },
    address: { type: 'object', properties: { country: { type: 'string' } } },
    lines: {
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' } } },
    },
  },
});
const RETURNED = typeOf('shop.parcel.returned', {
  type: 'object',
  properties: { reason: { type: 'string' } },
  additionalProperties: false,
});

describe('warnings of a filter that reads fields a subscribed type lacks', () => {
  it('reads the paths into data that an expression names, up to its first step that is not a name', () => {
    expect(
      dataPathsOf('data.carrier = "DHL" and $exists(data.address.country) and type = "x"'),
    ).to.deep.equal([['carrier'], ['address', 'country']]);
    expect(dataPathsOf('data.lines[0].sku = "A"')).to.deep.equal([['lines', 'sku']]);
    expect(dataPathsOf('data.lines[sku = "A"]')).to.deep.equal([['lines']]);
    expect(dataPathsOf('$$.data.carrier')).to.deep.equal([]);
    expect(dataPathsOf('data >')).to.deep.equal([]);
  });

  it('warns per type and path the schema does not list, nested and through arrays', () => {
    const filter = 'data.carrier = "DHL" and data.address.city = "Lyon" and data.lines.sku = "A"';
    expect(filterWarnings(filter, [SHIPPED, RETURNED])).to.deep.equal([
      {
        type: 'shop.parcel.shipped',
        path: 'data.address.city',
        message:
          'shop.parcel.shipped has no data.address.city in its schema (version 2): for these events the filter reads it as missing.',
      },
      {
        type: 'shop.parcel.returned',
        path: 'data.carrier',
        message:
          'shop.parcel.returned never has data.carrier: its schema allows no such field, so the filter never sees it for these events.',
      },
      {
        type: 'shop.parcel.returned',
        path: 'data.address.city',
        message:
          'shop.parcel.returned never has data.address: its schema allows no such field, so the filter never sees it for these events.',
      },
      {
        type: 'shop.parcel.returned',
        path: 'data.lines.sku',
        message:
          'shop.parcel.returned never has data.lines: its schema allows no such field, so the filter never sees it for these events.',
      },
    ]);
  });

  it('stays silent where the schema cannot tell: nothing declared, others welcome, or combined', () => {
    const silent = [
      typeOf('order.created', { type: 'object' }),
      typeOf('a.welcoming', { properties: { a: {} }, additionalProperties: { type: 'string' } }),
      typeOf('a.open', { properties: { a: {} }, additionalProperties: true }),
      typeOf('a.combined', { properties: { a: {} }, anyOf: [{ properties: { carrier: {} } }] }),
      typeOf('a.referring', { $ref: '#/$defs/parcel' }),
    ];
    expect(filterWarnings('data.carrier = "DHL"', silent)).to.deep.equal([]);
  });

  it('keeps to its bounds, whatever the expression and the types', () => {
    const longPath = `data.${Array.from({ length: 40 }, (_, i) => `s${i}`).join('.')}`;
    const paths = dataPathsOf(longPath);
    expect(paths[0]).to.have.length(WARNING_BOUNDS.steps);
    const many = Array.from({ length: 200 }, (_, i) => `data.f${i} = 1`).join(' or ');
    expect(dataPathsOf(many)).to.have.length(WARNING_BOUNDS.paths);
    const types = Array.from({ length: 300 }, (_, i) => typeOf(`t.n${i}`, RETURNED.schema));
    expect(filterWarnings(many, types)).to.have.length(WARNING_BOUNDS.warnings);
  });
});

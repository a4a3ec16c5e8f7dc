import { expect } from 'chai';
import { indexName, indexSteps } from '../../../adapters/readstore/mongo/projectionIndexes.js';
import { ttlIndexStep } from '../../../adapters/mongo/ttlIndex.js';

describe('MongoDB read store: indexes named after their fields', () => {
  it('names an index after its fields in order, apart from any other list', () => {
    expect(indexName(['merchant_id', 'created_at'])).to.equal('ix-merchant_id-created_at');
    expect(indexName(['created_at', 'merchant_id'])).to.not.equal(
      indexName(['merchant_id', 'created_at']),
    );
    // Underscores belong to field names, so they cannot stand between fields.
    expect(indexName(['a_b'])).to.not.equal(indexName(['a', 'b']));
    expect(indexName(['status'])).to.equal(indexName(['status']));
  });

  it('refuses a field that is no field name', () => {
    expect(() => indexName(['status', 'x-y'])).to.throw('Invalid field name: x-y');
  });

  it('creates a changed list under new names, drops what it made and no longer wants', () => {
    const existing = [
      { name: '_id_', key: { _id: 1 } },
      { name: 'ix0', key: { status: 1, _id: 1 } },
      { name: 'ix1', key: { merchant_id: 1, _id: 1 } },
      { name: 'ix-region', key: { region: 1, _id: 1 } },
      { name: 'by_hand', key: { note: 1 } },
    ];
    expect(indexSteps([['status'], ['created_at']], existing)).to.deep.equal({
      // The earlier index of `status` serves under its old name: the server holds one per key.
      create: [{ name: 'ix-created_at', key: { created_at: 1, _id: 1 } }],
      drop: ['ix1', 'ix-region'],
    });
  });

  it('needs nothing when the indexes are as wanted, and one index for a list given twice', () => {
    const existing = [{ name: 'ix-status', key: { status: 1, _id: 1 } }];
    expect(indexSteps([['status'], ['status']], existing)).to.deep.equal({ create: [], drop: [] });
    expect(indexSteps([['status'], ['status']], []).create).to.have.length(1);
  });
});

describe('MongoDB idempotency keys: the TTL index', () => {
  const wanted = {
    name: 'reserved_at_ttl',
    field: 'reserved_at',
    expireAfterSeconds: 86_400,
    replaces: ['reserved_at_1'],
  };

  it('is created under its own name, in place of the plain index that came before', () => {
    expect(ttlIndexStep(wanted, [{ name: '_id_', key: { _id: 1 } }])).to.deep.equal({
      kind: 'create',
      drop: [],
    });
    expect(
      ttlIndexStep(wanted, [{ name: 'reserved_at_1', key: { reserved_at: 1 } }]),
    ).to.deep.equal({ kind: 'create', drop: ['reserved_at_1'] });
  });

  it('takes an equivalent index under any name as its own, and retimes its own', () => {
    const byHand = { name: 'keys_expire', key: { reserved_at: 1 }, expireAfterSeconds: 86_400 };
    expect(ttlIndexStep(wanted, [byHand])).to.deep.equal({ kind: 'none' });
    const ours = { name: 'reserved_at_ttl', key: { reserved_at: 1 }, expireAfterSeconds: 3600 };
    expect(ttlIndexStep(wanted, [ours])).to.deep.equal({ kind: 'retime' });
  });

  it("leaves an operator's other index of the field alone", () => {
    const shorter = { name: 'keys_expire', key: { reserved_at: 1 }, expireAfterSeconds: 3600 };
    expect(ttlIndexStep(wanted, [shorter])).to.deep.equal({ kind: 'none' });
    const plain = { name: 'reserved', key: { reserved_at: 1 } };
    expect(ttlIndexStep(wanted, [plain])).to.deep.equal({ kind: 'none' });
  });
});

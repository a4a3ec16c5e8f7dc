import { expect } from 'chai';
import { esdbEventStore } from '../../../adapters/eventstore/esdb/esdbEventStore.js';
import { position } from '../../../domain/shared/envelope.js';
import { readAuditPage } from '../../../src/audit/readAudit.js';
import { fakeClient } from '../../adapters/eventstore/esdbFakeClient.js';

describe('the audit log over a store whose filtered reads stop at a scan budget', () => {
  it('ends a page short after a few reads, with has_more and where to go on, not after the whole log', async () => {
    // A thousand records, none of the type asked for; each read looks through ten of them.
    const records = Array.from({ length: 1000 }, (_, i) => ({
      at: BigInt(i + 1) * 10n,
      type: 'other.kind',
    }));
    const { client, reads } = fakeClient(records);
    const store = esdbEventStore(client, { scanBudget: { records: 10, bytes: 2 ** 30 } });
    const page = await readAuditPage(store, {
      from: undefined,
      direction: 'forward',
      filter: { type: 'wanted.kind' },
      limit: 50,
    });
    expect(page).to.deep.equal({ events: [], next: position(400), hasMore: true });
    expect(reads.length).to.be.at.most(8);
  });
});

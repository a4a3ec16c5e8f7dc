import { expect } from 'chai';
import { webhookBodies, webhookBody } from '../../../src/delivery/webhookBodies.js';
import { dataKeys } from '../../../src/payloads/dataKeys.js';
import { openEvents, sealEvents } from '../../../src/payloads/sealedEvents.js';
import { businessEvent, keysFolder, recorded } from '../payloads/payloadFixtures.js';

const event = (n: number, size = 10) => ({
  id: `evt_${n}`,
  type: 'order.created',
  merchant_id: 'mer_acme',
  created_at: '2026-11-22T10:00:00.000Z',
  data: { note: 'x'.repeat(size) },
  channels: null,
});

describe('webhook bodies kept for their attempts', () => {
  it('builds the documented body, its fields in order, and nothing else of the event', () => {
    expect(JSON.parse(webhookBody(event(1)))).to.deep.equal({
      id: 'evt_1',
      type: 'order.created',
      merchant_id: 'mer_acme',
      created_at: '2026-11-22T10:00:00.000Z',
      data: { note: 'xxxxxxxxxx' },
    });
    expect(Object.keys(JSON.parse(webhookBody(event(1))) as object)).to.deep.equal([
      'id',
      'type',
      'merchant_id',
      'created_at',
      'data',
    ]);
  });

  it('gives back what it keeps, for every endpoint that asks', () => {
    const bodies = webhookBodies();
    expect(bodies.recall('evt_1')).to.equal(undefined);
    const body = bodies.remember(event(1));
    expect(body).to.equal(webhookBody(event(1)));
    expect(bodies.recall('evt_1')).to.equal(body);
    expect(bodies.recall('evt_1')).to.equal(body);
    // An event is kept once: a second plan of it does not build its body again.
    expect(bodies.remember(event(1))).to.equal(body);
  });

  it('keeps the latest within its budget, the oldest going first', () => {
    const size = webhookBody(event(0, 100)).length;
    const bodies = webhookBodies(size * 3);
    for (let n = 0; n < 5; n++) bodies.remember(event(n, 100));
    expect(bodies.recall('evt_0')).to.equal(undefined);
    expect(bodies.recall('evt_1')).to.equal(undefined);
    expect(bodies.recall('evt_4')).to.equal(webhookBody(event(4, 100)));
  });

  it('keeps no body larger than the whole budget, and still returns it', () => {
    // Room for the small body and what keeping it costs (an id, a place in the map: 100 more).
    const bodies = webhookBodies(webhookBody(event(1, 1)).length + 110);
    bodies.remember(event(1, 1));
    const large = bodies.remember(event(2, 100));
    expect(large).to.equal(webhookBody(event(2, 100)));
    expect(bodies.recall('evt_2')).to.equal(undefined);
    expect(bodies.recall('evt_1')).to.not.equal(undefined);
  });

  it('keeps with each body the data key its payload was sealed under, for its attempts to check', async () => {
    const folder = keysFolder();
    try {
      const keys = dataKeys(folder.store, folder.master);
      const published = businessEvent('mer_acme');
      const stream = `event-${(published.data as { id: string }).id}`;
      const sealed = await sealEvents(keys, stream, [published], new Date());
      const [opened] = await openEvents(keys, recorded(stream, sealed));
      const bodies = webhookBodies();
      const data = opened!.data as Parameters<typeof webhookBody>[0];
      bodies.remember({ ...data, type: opened!.type });
      const keyId = (await keys.sealingKey('mer_acme', new Date())).id;
      expect(bodies.sealedUnder(data.id)).to.equal(keyId);
      bodies.remember(event(7));
      expect(bodies.sealedUnder('evt_7')).to.equal(undefined);
    } finally {
      await folder.close();
    }
  });
});

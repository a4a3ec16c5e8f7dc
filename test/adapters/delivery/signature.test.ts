import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { signatureHeader } from '../../../adapters/delivery/signature.js';

describe('webhook signatures', () => {
  const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
  const rotated = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;
  const at = new Date('2026-03-01T12:00:00.750Z');
  const body = JSON.stringify({ id: 'evt_1', data: { note: 'é ✓ unicode' } });

  it('are the ones the standardwebhooks library computes', () => {
    expect(signatureHeader('evt_1', at, body, [secret])).to.equal(
      new Webhook(secret).sign('evt_1', at, body),
    );
  });

  it('carry one signature per secret, each verifiable on its own', () => {
    const header = signatureHeader('evt_1', at, body, [secret, rotated]);
    expect(header.split(' ')).to.have.length(2);
    for (const key of [secret, rotated]) {
      const headers = {
        'webhook-id': 'evt_1',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': signatureHeader('evt_1', new Date(), body, [secret, rotated]),
      };
      expect(new Webhook(key).verify(body, headers)).to.deep.equal(JSON.parse(body));
    }
  });
});

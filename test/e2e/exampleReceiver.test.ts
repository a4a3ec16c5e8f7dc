import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { FAST_DELIVERY, endpointWithSecret, publish } from '../support/delivery.js';
import { startTestService } from '../support/testService.js';

const RECEIVER = fileURLToPath(new URL('../../src/examples/receiver.js', import.meta.url));

describe('the example receiver', function () {
  this.timeout(20_000);

  it('receives a real delivery once, and refuses forged, stale and replayed-with-other-body requests', async () => {
    const service = await startTestService(FAST_DELIVERY);
    const placeholder = await endpointWithSecret(service, 'http://127.0.0.1:1/placeholder');
    const secret = placeholder.secret;
    const child = spawn(process.execPath, [RECEIVER], {
      env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (chunk: Buffer) => {
          const match = /receiving on (\S+)/.exec(chunk.toString());
          if (match) resolve(match[1]!);
        });
        child.on('exit', () => reject(new Error('the receiver exited')));
      });
      const lines: string[] = [];
      child.stdout.on('data', (chunk: Buffer) =>
        lines.push(...chunk.toString().split('\n').filter(Boolean)),
      );
      await service.api.post(`/v1/webhooks/${placeholder.endpoint.id}`, service.admin, { url });
      const event = await publish(service, 'order.created', { order_id: 'ord_9' });
      const deadline = Date.now() + 5_000;
      while (lines.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines.map((l) => JSON.parse(l).id)).to.deep.equal([event.id]);

      const body = JSON.stringify({
        id: 'evt_forged',
        type: 'order.created',
        merchant_id: 'mer_acme',
        created_at: new Date().toISOString(),
        data: {},
      });
      const post = (headers: Record<string, string>, raw = body) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: raw,
        }).then((r) => r.status);
      const now = new Date();
      const signed = (at: Date, key = secret) => ({
        'webhook-id': 'evt_forged',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(key).sign('evt_forged', at, body),
      });
      expect(await post(signed(now, `whsec_${Buffer.alloc(32, 1).toString('base64')}`))).to.equal(
        400,
      );
      expect(await post(signed(new Date(now.getTime() - 10 * 60_000)))).to.equal(400);
      expect(await post(signed(now), body.replace('order.created', 'order.confirmed'))).to.equal(
        400,
      );
      expect(await post({})).to.equal(400);
      // A genuine message delivered twice is acknowledged twice and kept once.
      expect(await post(signed(now))).to.equal(204);
      expect(await post(signed(now))).to.equal(204);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lines.filter((l) => JSON.parse(l).id === 'evt_forged')).to.have.length(1);
    } finally {
      child.kill();
      await service.stop();
    }
  });
});

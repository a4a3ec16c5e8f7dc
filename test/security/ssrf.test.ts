import { expect } from 'chai';
import { FAST_DELIVERY, attemptsOf, eventually, publish } from '../support/delivery.js';
import type { DnsServer } from '../support/dnsServer.js';
import { startDnsServer } from '../support/dnsServer.js';
import { activeDefinition, run } from '../support/processes.js';
import { receiverPool } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';
import { tempDir } from '../support/tempDir.js';

/** Hosts that are, or that WHATWG URL parsing turns into, non-public addresses. */
const PRIVATE_HOSTS = [
  '127.0.0.1',
  '[::1]',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.1.1',
  '169.254.169.254',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::ffff:a9fe:a9fe]',
  '[::127.0.0.1]',
  '[::7f00:1]',
  '2130706433',
  '0x7f.1',
  '0177.0.0.1',
  '127.1',
  '0.0.0.0',
  '0',
  '[::]',
  '[fe80::1]',
  '[fd00::1]',
  '100.64.0.1',
  'localhost',
  'localhost.',
  'hooks.localhost',
  'a.b.LOCALHOST.',
];

const STRICT = { SLUICE_ALLOW_HTTP_URLS: 'false', SLUICE_ALLOW_PRIVATE_URLS: 'false' };
/** Names under it resolve as the test's DNS server says: public at one time, private at another. */
const REBIND = '.rebind.sluice-test.invalid';

describe('SSRF: endpoint and http step URLs never reach private addresses', function () {
  this.timeout(60_000);
  let service: TestService;
  let dns: DnsServer;
  const receivers = receiverPool();
  before(async () => {
    // Its answers are not to be kept (a TTL of 0): a change to its table is seen at once.
    dns = await startDnsServer();
    service = await startTestService({
      ...FAST_DELIVERY,
      ...STRICT,
      SLUICE_DNS_SERVERS: dns.address,
    });
  });
  after(async () => {
    await service.stop();
    await receivers.closeAll();
    await dns.close();
  });

  it('refuses every form of a private address when an endpoint is created or updated (422 invalid_url)', async () => {
    const endpoint = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: 'mer_acme',
      url: 'https://93.184.216.34/hook',
    });
    expect(endpoint.status, endpoint.text).to.equal(201);
    const head = await service.services.eventStore.headPosition();
    for (const host of PRIVATE_HOSTS) {
      const url = `https://${host}/hook`;
      const created = await service.api.post('/v1/webhooks', service.admin, {
        merchant_id: 'mer_acme',
        url,
      });
      expect(created.status, `${url}: ${created.text}`).to.equal(422);
      expect(created.body.code, url).to.equal('invalid_url');
      const updated = await service.api.post(`/v1/webhooks/${endpoint.body.id}`, service.admin, {
        url,
      });
      expect(updated.status, `${url}: ${updated.text}`).to.equal(422);
      expect(updated.body.code, url).to.equal('invalid_url');
    }
    expect(await service.services.eventStore.headPosition()).to.equal(head);
    const after = await service.api.get(`/v1/webhooks/${endpoint.body.id}`, service.admin);
    expect(after.body.url).to.equal('https://93.184.216.34/hook');
  });

  it('fails an http step aimed at any private form with url_blocked, calling nothing', async () => {
    for (const [i, host] of PRIVATE_HOSTS.entries()) {
      const id = `ssrf.step${i}`;
      const published = await service.api.post('/v1/process-definitions', service.admin, {
        id,
        name: id,
        input_schema: { type: 'object' },
        steps: [{ id: 'call', type: 'http', method: 'POST', url: `https://${host}/internal` }],
      });
      // Refusing the definition outright would do as well; calling the address would not.
      if (published.status === 400 || published.status === 422) continue;
      expect(published.status, published.text).to.equal(201);
      await service.api.post(`/v1/process-definitions/${id}/activate`, service.admin, {
        version: 1,
      });
      const res = await run(service, id, { wait: { timeout_ms: 10_000 } });
      expect(res.status, `${host}: ${res.text}`).to.equal(200);
      expect(res.body.status, host).to.equal('failed');
      expect(res.body.error, host).to.include({ step_id: 'call' });
      expect(res.body.error.code, host).to.equal('url_blocked');
    }
  });

  it('blocks, at delivery and at call time, a name that resolves to a private address only then', async () => {
    const targets = ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1'];
    const names = targets.map((_, i) => `host${i}${REBIND}`);
    // Public when the endpoints are created ...
    for (const name of names) dns.table.set(name, ['93.184.216.34']);
    const mixed = `mixed${REBIND}`;
    dns.table.set(mixed, ['93.184.216.34']);
    const endpoints: string[] = [];
    for (const name of [...names, mixed]) {
      const res = await service.api.post('/v1/webhooks', service.admin, {
        merchant_id: 'mer_rebind',
        url: `https://${name}/hook`,
      });
      expect(res.status, `${name}: ${res.text}`).to.equal(201);
      endpoints.push(res.body.id as string);
    }
    // ... private when they are delivered to; one answers a public and a private address.
    targets.forEach((address, i) => dns.table.set(names[i]!, [address]));
    dns.table.set(mixed, ['93.184.216.34', '10.1.2.3']);
    await publish(service, 'order.created', {}, { merchant_id: 'mer_rebind' });
    for (const id of endpoints) {
      const [attempt] = await eventually(
        () => attemptsOf(service, id),
        (a) => a.length > 0,
      );
      expect(attempt!.error, id).to.deep.include({ code: 'url_blocked' });
    }

    dns.table.set(`step${REBIND}`, ['127.0.0.1']);
    await activeDefinition(service, {
      id: 'ssrf.rebind',
      name: 'rebind',
      input_schema: { type: 'object' },
      steps: [{ id: 'call', type: 'http', method: 'GET', url: `https://step${REBIND}/x` }],
    });
    const res = await run(service, 'ssrf.rebind', { wait: { timeout_ms: 10_000 } });
    expect(res.body.error).to.include({ code: 'url_blocked', step_id: 'call' });
  });

  it('blocks at delivery an endpoint accepted before private addresses were forbidden', async () => {
    const receiver = await receivers.start();
    const dir = tempDir();
    try {
      const lax = await startTestService(FAST_DELIVERY, { dataDir: dir.path });
      const created = await lax.api.post('/v1/webhooks', lax.admin, {
        merchant_id: 'mer_acme',
        url: receiver.url,
      });
      expect(created.status).to.equal(201);
      await lax.stop();
      const strict = await startTestService({ ...FAST_DELIVERY, ...STRICT }, { dataDir: dir.path });
      try {
        await publish(strict, 'order.created');
        const [attempt] = await eventually(
          () => attemptsOf(strict, created.body.id as string),
          (a) => a.length > 0,
        );
        expect(attempt!.error).to.deep.include({ code: 'url_blocked' });
        expect(receiver.received).to.deep.equal([]);
      } finally {
        await strict.stop();
      }
    } finally {
      dir.remove();
    }
  });
});

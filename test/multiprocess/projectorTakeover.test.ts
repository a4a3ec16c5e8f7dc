import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { apiClient } from '../support/apiClient.js';
import { FAST_DELIVERY } from '../support/delivery.js';
import { NO_POSTGRES, dropSchema, postgresUrl } from '../support/postgresSchema.js';
import { startTestReceiver } from '../support/receiver.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { startServerProcess } from '../support/serverProcess.js';
import { skipSuite } from '../support/skipSuite.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_test_projector_takeover_admin_0001';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The active projector killed under a steady flow of events: a standby takes the role over, and
 * deliveries go on, no endpoint waiting more than 5 s for its next webhook.
 */
const suite = () => {
  const schema = `takeover_${randomBytes(6).toString('hex')}`;
  const folders: Array<ReturnType<typeof tempDir>> = [];
  const servers: ServerProcess[] = [];
  const env = {
    ...FAST_DELIVERY,
    SLUICE_MODE: 'distributed',
    POSTGRES_URL: postgresUrl!,
    SLUICE_POSTGRES_SCHEMA: schema,
    SLUICE_ADMIN_KEY: ADMIN,
    SLUICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SLUICE_ALLOW_HTTP_URLS: 'true',
    SLUICE_ALLOW_PRIVATE_URLS: 'true',
  };
  // Every role process has the API too, so that the test knows when it listens.
  const start = async (roles: string) => {
    const folder = tempDir();
    folders.push(folder);
    const server = await startServerProcess({
      ...env,
      SLUICE_ROLES: roles,
      SLUICE_DATA_DIR: folder.path,
    });
    servers.push(server);
    return server;
  };
  after(async () => {
    for (const server of servers) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const folder of folders) folder.remove();
    await dropSchema(schema);
  });

  it('goes on delivering, no endpoint silent for more than 5 s, after a SIGKILL of the active projector', async () => {
    const receiver = await startTestReceiver(() => ({ status: 204 }));
    try {
      const active = await start('api,projector');
      await start('api,projector');
      const workers = await start('api,dispatcher,executor');
      const api = apiClient(workers.url);
      const created = await api.post('/v1/webhooks', ADMIN, {
        merchant_id: 'mer_acme',
        url: receiver.url,
      });
      expect(created.status, created.text).to.equal(201);

      const arrivals: number[] = [];
      const arrivalsSeen = () => {
        while (arrivals.length < receiver.received.length) arrivals.push(performance.now());
      };
      let publishing = true;
      let published = 0;
      const publisher = (async () => {
        while (publishing) {
          const res = await api.post('/v1/events', ADMIN, {
            type: 'order.created',
            merchant_id: 'mer_acme',
            data: { n: published },
          });
          if (res.status === 201) published++;
          arrivalsSeen();
          await sleep(100);
        }
      })();
      await sleep(3_000);
      active.child.kill('SIGKILL');
      const killedAt = performance.now();
      await sleep(10_000);
      publishing = false;
      await publisher;
      await receiver.waitFor(published, 20_000);
      arrivalsSeen();

      const afterKill = arrivals.filter((at) => at >= killedAt - 1_000);
      let longestGap = 0;
      for (let i = 1; i < afterKill.length; i++)
        longestGap = Math.max(longestGap, afterKill[i]! - afterKill[i - 1]!);
      expect(afterKill.length).to.be.above(10);
      expect(longestGap, `the longest wait for a webhook after the kill, in ms`).to.be.below(5_000);
    } finally {
      await receiver.close();
    }
  });

  it('counts every delivery once after the active projector froze past its takeover and resumed', async () => {
    const receiver = await startTestReceiver(() => ({ status: 204 }));
    try {
      const active = await start('api,projector');
      await start('api,projector');
      const workers = await start('api,dispatcher,executor');
      const api = apiClient(workers.url);
      const created = await api.post('/v1/webhooks', ADMIN, {
        merchant_id: 'mer_acme',
        url: receiver.url,
      });
      expect(created.status, created.text).to.equal(201);
      const endpointId = created.body.id as string;
      let publishing = true;
      let published = 0;
      const publisher = (async () => {
        while (publishing) {
          const res = await api.post('/v1/events', ADMIN, {
            type: 'order.created',
            merchant_id: 'mer_acme',
            data: { n: published },
          });
          if (res.status === 201) published++;
          await sleep(50);
        }
      })();
      await sleep(2_000);
      // Frozen longer than a takeover takes, with its batches in flight; then it wakes up.
      active.child.kill('SIGSTOP');
      await sleep(6_500);
      active.child.kill('SIGCONT');
      await sleep(2_000);
      publishing = false;
      await publisher;
      await receiver.waitFor(published, 30_000);
      let stats = await api.get(`/v1/webhooks/${endpointId}/stats`, ADMIN);
      for (let i = 0; i < 50 && stats.body.messages.succeeded < published; i++) {
        await sleep(200);
        stats = await api.get(`/v1/webhooks/${endpointId}/stats`, ADMIN);
      }
      await sleep(2_000);
      stats = await api.get(`/v1/webhooks/${endpointId}/stats`, ADMIN);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).to.equal(
        published,
      );
      expect(stats.body.messages).to.deep.include({ succeeded: published, pending: 0, failed: 0 });
    } finally {
      await receiver.close();
    }
  });
};

if (postgresUrl === undefined || postgresUrl === '')
  skipSuite('a projector taken over', NO_POSTGRES);
else
  describe('a projector taken over', function () {
    this.timeout(90_000);
    suite();
  });

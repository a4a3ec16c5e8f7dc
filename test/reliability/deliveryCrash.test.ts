import { expect } from 'chai';
import { startServerProcess } from '../support/serverProcess.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { startTestReceiver, verifies } from '../support/receiver.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_crash_test_admin_key_0123456789abcdef';

const call = async (server: ServerProcess, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('delivery survives SIGKILL', function () {
  this.timeout(120_000);

  it('delivers every acknowledged event after the server is killed mid-flight and restarted, at several kill points', async () => {
    const dir = tempDir();
    const receiver = await startTestReceiver(() => ({ status: 200, delayMs: 15 }));
    const env = {
      SLUICE_DATA_DIR: dir.path,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_ALLOW_HTTP_URLS: 'true',
      SLUICE_ALLOW_PRIVATE_URLS: 'true',
      SLUICE_RETRY_SCHEDULE_S: '0.1,0.2,0.5,1,1,1,1,1',
    };
    let server = await startServerProcess(env);
    const acknowledged = new Set<string>();
    try {
      const created = await call(server, 'POST', '/v1/webhooks', {
        merchant_id: 'mer_acme',
        url: receiver.url,
      });
      expect(created.status).to.equal(201);
      const secret = (await call(server, 'GET', `/v1/webhooks/${created.body.id}/secret`)).body
        .key as string;

      // Kill points: right after a burst of publishes; once a few deliveries have arrived; and in the
      // middle of a burst, with publishes still on the wire.
      const killPoints: Array<(burst: Promise<void>) => Promise<void>> = [
        async (burst) => {
          await burst;
        },
        async (burst) => {
          await burst;
          const seen = receiver.received.length;
          await receiver.waitFor(seen + 5, 10_000).catch(() => undefined);
        },
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 40));
        },
      ];
      for (const [round, killPoint] of killPoints.entries()) {
        const burst = (async () => {
          const publishes = Array.from({ length: 40 }, (_, i) =>
            call(server, 'POST', '/v1/events', {
              id: `evt_r${round}_${i}`,
              type: 'order.created',
              merchant_id: 'mer_acme',
              data: { round, i },
            })
              .then((res) => {
                if (res.status === 201) acknowledged.add(`evt_r${round}_${i}`);
              })
              .catch(() => undefined),
          );
          await Promise.all(publishes);
        })();
        await killPoint(burst);
        server.child.kill('SIGKILL');
        await server.exited;
        await burst;
        server = await startServerProcess(env);
      }

      const deadline = Date.now() + 30_000;
      const ids = () => new Set(receiver.received.map((d) => d.body.id));
      while ([...acknowledged].some((id) => !ids().has(id)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const lost = [...acknowledged].filter((id) => !ids().has(id));
      expect(acknowledged.size).to.be.greaterThan(60);
      expect(lost).to.deep.equal([]);
      // Duplicates are allowed; each carries its event's id as webhook-id, and verifies.
      for (const delivery of receiver.received) {
        expect(delivery.headers['webhook-id']).to.equal(delivery.body.id);
        expect(verifies(delivery, secret)).to.equal(true);
      }
    } finally {
      server.child.kill('SIGKILL');
      await receiver.close();
      dir.remove();
    }
  });
});

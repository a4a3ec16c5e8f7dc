import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../support/apiClient.js';
import { apiClient } from '../support/apiClient.js';
import { FAST_DELIVERY } from '../support/delivery.js';
import type { PrivatePostgres } from '../support/privatePostgres.js';
import { privatePostgresUnavailable, startPrivatePostgres } from '../support/privatePostgres.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { ServerProcess } from '../support/serverProcess.js';
import { startServerProcess } from '../support/serverProcess.js';
import { skipSuite } from '../support/skipSuite.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_test_database_faults_admin_key_0001';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The distributed deployment on a PostgreSQL server of the test's own, started before the server
 * is: it waits for it, and serves once it answers. The faults of a server that was up (a crash, a
 * restart, terminated backends, no connection left) are the chaos run's:
 * test/reliability/chaos.test.ts.
 */
const suite = () => {
  let pg: PrivatePostgres;
  let receiver: TestReceiver;
  const folders: Array<ReturnType<typeof tempDir>> = [];
  const servers: ServerProcess[] = [];

  before(async () => {
    pg = await startPrivatePostgres({ max_connections: '60' });
    receiver = await startTestReceiver(() => ({ status: 204 }));
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const folder of folders.splice(0)) folder.remove();
    receiver.received.length = 0;
  });
  after(async () => {
    await receiver?.close();
    await pg?.remove();
  });

  /** A deployment on the private server, in a schema of its own: each process runs its roles. */
  const deployment = () => {
    const shared = {
      ...FAST_DELIVERY,
      SLUICE_MODE: 'distributed',
      POSTGRES_URL: pg.url,
      SLUICE_POSTGRES_SCHEMA: `faults_${randomBytes(6).toString('hex')}`,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SLUICE_ALLOW_HTTP_URLS: 'true',
      SLUICE_ALLOW_PRIVATE_URLS: 'true',
      SLUICE_POSTGRES_CONNECT_TIMEOUT_MS: '2000',
    };
    return async (roles = 'all') => {
      const folder = tempDir();
      folders.push(folder);
      const server = await startServerProcess({
        ...shared,
        // Each has the API too, so that the test knows when it listens.
        SLUICE_ROLES: roles === 'all' || roles.includes('api') ? roles : `api,${roles}`,
        SLUICE_DATA_DIR: folder.path,
      });
      servers.push(server);
      return { server, api: apiClient(server.url) };
    };
  };

  /** One process of every role. */
  const serve = () => deployment()();

  const endpoint = async (api: ApiClient) => {
    const created = await api.post('/v1/webhooks', ADMIN, {
      merchant_id: 'mer_acme',
      url: receiver.url,
    });
    expect(created.status, created.text).to.equal(201);
  };

  const publish = (api: ApiClient, id: string) =>
    api.post('/v1/events', ADMIN, {
      id,
      type: 'order.created',
      merchant_id: 'mer_acme',
      data: { order_id: id },
    });

  const readyWithin = async (api: ApiClient, ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const ready = await api.get('/readyz').catch(() => undefined);
      if (ready?.status === 200) return Date.now();
      if (Date.now() > deadline) throw new Error(`not ready within ${ms} ms: ${ready?.text}`);
      await sleep(200);
    }
  };

  it('starts before its database answers, waits for it, and serves once it does', async () => {
    await pg.stop('fast');
    const starting = serve();
    let started = false;
    void starting.then(() => (started = true));
    await sleep(2500);
    expect(started, 'it cannot listen before its database answers').to.equal(false);
    await pg.start();
    const { server, api } = await starting;
    await readyWithin(api, 10_000);
    await endpoint(api);
    expect((await publish(api, 'evt_after_wait')).status).to.equal(201);
    await receiver.waitFor(1);
    expect(server.child.exitCode).to.equal(null);
  });
};

const unavailable = privatePostgresUnavailable();
if (unavailable) skipSuite('the distributed deployment when its database fails', unavailable);
else
  describe('the distributed deployment when its database fails', function () {
    this.timeout(90_000);
    suite();
  });

import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { runCli } from '../support/cli.js';
import { NO_POSTGRES, dropSchema, postgresUrl } from '../support/postgresSchema.js';
import { withServerProcess } from '../support/serverProcess.js';
import { skipSuite } from '../support/skipSuite.js';
import { tempDir } from '../support/tempDir.js';

const ADMIN = 'sk_cli_rotate_postgres_admin_key_0123456789';

const TITLE = 'cli: encryption rotate-key on PostgreSQL';

const suite = () =>
  describe(TITLE, function () {
    this.timeout(60_000);
    const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const dir = tempDir();
    const deployment = (encryptionKey: string) => ({
      SLUICE_MODE: 'distributed',
      POSTGRES_URL: postgresUrl ?? '',
      SLUICE_POSTGRES_SCHEMA: schema,
      SLUICE_ADMIN_KEY: ADMIN,
      SLUICE_ENCRYPTION_KEY: encryptionKey,
      SLUICE_ALLOW_HTTP_URLS: 'true',
      SLUICE_ALLOW_PRIVATE_URLS: 'true',
    });

    after(async () => {
      await dropSchema(schema);
      dir.remove();
    });

    it("wraps the schema's data keys again: what was sealed before opens under the new key only", async () => {
      const oldKey = randomBytes(32).toString('base64');
      const sealed = await withServerProcess(deployment(oldKey), async (api) => {
        const created = await api.post('/v1/webhooks', ADMIN, {
          merchant_id: 'mer_acme',
          url: 'http://127.0.0.1:9/hooks',
        });
        expect(created.status, created.text).to.equal(201);
        const secret = await api.get(`/v1/webhooks/${created.body.id}/secret`, ADMIN);
        const published = await api.post('/v1/events', ADMIN, {
          type: 'order.created',
          merchant_id: 'mer_acme',
          data: { order_id: 'o_1' },
        });
        expect(published.status, published.text).to.equal(201);
        return {
          endpoint: created.body.id as string,
          secret: secret.body.key as string,
          event: published.body.id as string,
        };
      });

      const rotated = await runCli(
        dir.path,
        ['encryption', 'rotate-key', '--json'],
        deployment(oldKey),
      );
      expect(rotated.code, rotated.stderr).to.equal(0);
      const outcome = JSON.parse(rotated.stdout) as { key: string; data_keys_rewrapped: number };
      expect(outcome.data_keys_rewrapped).to.equal(1);

      await withServerProcess(deployment(outcome.key), async (api) => {
        expect((await api.get(`/v1/webhooks/${sealed.endpoint}/secret`, ADMIN)).body.key).to.equal(
          sealed.secret,
        );
        const event = await api.get(`/v1/events/${sealed.event}`, ADMIN);
        expect(event.body.data).to.deep.equal({ order_id: 'o_1' });
      });
      // The old key no longer opens the data keys.
      const again = await runCli(dir.path, ['encryption', 'rotate-key'], deployment(oldKey));
      expect(again.code).to.not.equal(0);
    });
  });

if (postgresUrl === undefined || postgresUrl === '') skipSuite(TITLE, NO_POSTGRES);
else suite();

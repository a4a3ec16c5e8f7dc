import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/logging/logger.js';
import { startDistributed } from '../../src/modes/distributed.js';
import type { RunningService } from '../../src/modes/embedded.js';
import type { ApiClient } from '../support/apiClient.js';
import { apiClient } from '../support/apiClient.js';
import { eventually } from '../support/delivery.js';
import { postgresModeEnv } from '../support/postgresMode.js';
import { skipSuite } from '../support/skipSuite.js';

const TITLE = 'deliveries planned again from the log, after the feed lost events';

if (!process.env.POSTGRES_URL) {
  skipSuite(TITLE, 'POSTGRES_URL is not set (a process without the planner runs on PostgreSQL)');
} else {
  describe(TITLE, function () {
    this.timeout(30_000);
    let service: RunningService;
    let api: ApiClient;
    let admin: string;

    beforeEach(async () => {
      // The API and the projector without the dispatcher's planner: events are published and
      // projected, and nothing plans their deliveries, as when the feed lost them.
      service = await startDistributed(
        loadConfig({
          ...postgresModeEnv(`reconcile-${randomUUID()}`, undefined),
          SLUICE_ROLES: 'api,projector',
          PORT: '0',
          HOST: '127.0.0.1',
          SLUICE_ALLOW_HTTP_URLS: 'true',
          SLUICE_ALLOW_PRIVATE_URLS: 'true',
        }),
        silentLogger(),
      );
      api = apiClient(service.url);
      admin = service.adminKey.key;
    });

    afterEach(async () => {
      await service.close();
    });

    it('plans each event once, leaves what was planned, and walks the log in stretches', async () => {
      const endpoint = await api.post('/v1/webhooks', admin, {
        merchant_id: 'mer_acme',
        url: 'http://127.0.0.1:9/hooks',
      });
      expect(endpoint.status, endpoint.text).to.equal(201);
      const events: string[] = [];
      for (let i = 0; i < 3; i++) {
        const published = await api.post('/v1/events', admin, {
          type: 'order.created',
          merchant_id: 'mer_acme',
          data: { n: i },
        });
        expect(published.status, published.text).to.equal(201);
        events.push(published.body.id as string);
      }
      const messages = async () =>
        (await api.get(`/v1/webhooks/${endpoint.body.id as string}/messages`, admin)).body
          .data as Array<{ event_id: string; status: string }>;
      expect(await messages()).to.have.length(0);

      // Two events, then the rest: a stretch ends where its limit does.
      const first = await api.post('/v1/admin/deliveries/reconcile', admin, { limit: 2 });
      expect(first.status, first.text).to.equal(200);
      expect(first.body).to.include({ object: 'reconciliation', events: 2, has_more: true });
      const rest = await api.post('/v1/admin/deliveries/reconcile', admin, {
        from_position: first.body.next_position as string,
      });
      expect(rest.body).to.include({ events: 1, has_more: false });
      const planned = await eventually(messages, (list) => list.length === 3);
      expect(planned.map((m) => m.event_id).sort()).to.deep.equal([...events].sort());
      expect(planned.every((m) => m.status === 'pending')).to.equal(true);

      // Again over the whole log: nothing is planned twice.
      const again = await api.post('/v1/admin/deliveries/reconcile', admin, {});
      expect(again.body).to.include({ events: 3, has_more: false });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await messages()).to.have.length(3);

      const merchant = await api.post('/v1/api-keys', admin, {
        role: 'merchant',
        merchant_id: 'mer_acme',
      });
      const refused = await api.post('/v1/admin/deliveries/reconcile', merchant.body.key, {});
      expect(refused.status).to.equal(403);
      const bad = await api.post('/v1/admin/deliveries/reconcile', admin, { limit: 10_001 });
      expect(bad.status).to.equal(400);
    });
  });
}

import { expect } from 'chai';
import { startTestService } from '../../support/testService.js';
import { tempDir } from '../../support/tempDir.js';

describe('restart', () => {
  it('keeps every key and event, and the generated admin key, across a restart on the same data folder', async () => {
    const dir = tempDir();
    try {
      let service = await startTestService({}, { dataDir: dir.path });
      const admin = service.admin;
      const created = await service.api.post('/v1/api-keys', admin, {
        role: 'merchant',
        merchant_id: 'mer_acme',
      });
      const revoked = await service.api.post('/v1/api-keys', admin, { role: 'auditor' });
      await service.api.delete(`/v1/api-keys/${revoked.body.id}`, admin);
      const head = await service.services.eventStore.headPosition();
      await service.close();

      service = await startTestService({}, { dataDir: dir.path });
      expect(service.admin).to.equal(admin);
      expect(service.adminKey.created).to.equal(false);
      expect(await service.services.eventStore.headPosition()).to.equal(head);
      const own = await service.api.get('/v1/api-keys', created.body.key);
      expect(own.status).to.equal(200);
      expect(own.body.data.map((k: { id: string }) => k.id)).to.deep.equal([created.body.id]);
      expect((await service.api.get('/v1/api-keys', revoked.body.key)).status).to.equal(401);
      await service.close();
    } finally {
      dir.remove();
    }
  });

  it('uses SLUICE_ADMIN_KEY when set, and writes no key file', async () => {
    const key = 'sk_test_admin_key_from_the_environment_0001';
    const service = await startTestService({ SLUICE_ADMIN_KEY: key });
    try {
      expect(service.adminKey).to.include({ source: 'environment', key });
      expect((await service.api.get('/v1/api-keys', key)).status).to.equal(200);
      const { existsSync } = await import('node:fs');
      expect(existsSync(`${service.dataDir}/admin.key`)).to.equal(false);
    } finally {
      await service.stop();
    }
  });
});

import { expect } from 'chai';
import type { ReadStore } from '../../../adapters/readstore/port.js';
import { createApp } from '../../../src/http/app.js';
import { startTestService } from '../../support/testService.js';
import { apiClient } from '../../support/apiClient.js';

describe('an unexpected failure', () => {
  it('answers 500 internal as a problem with no internals, and logs nothing secret', async () => {
    const service = await startTestService();
    // The same service, its read store failing underneath: what a dying disk looks like from above.
    const failing: ReadStore = {
      ...service.services.readStore,
      find: () => Promise.reject(new Error('SQLITE_IOERR at /var/lib/secret/path')),
    };
    const app = createApp({ ...service.services, readStore: failing });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await apiClient(`http://127.0.0.1:${port}`).get('/v1/api-keys', service.admin);
      expect(res.status).to.equal(500);
      expect(res.body.code).to.equal('internal');
      expect(res.text).to.not.include('SQLITE').and.not.include('/var/lib').and.not.include('at ');
      expect(res.body.request_id).to.equal(res.headers.get('x-request-id'));
    } finally {
      server.close();
      await service.stop();
    }
  });
});

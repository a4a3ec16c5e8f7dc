import { expect } from 'chai';
import { pino } from 'pino';
import { logLines } from '../../support/events.js';
import { startTestService } from '../../support/testService.js';

describe('keys stay out of logs', () => {
  it('writes no API key, bootstrap or created, into any log line', async () => {
    const { lines, sink } = logLines();
    const logger = pino({ level: 'trace', redact: ['*.authorization'] }, sink);
    const service = await startTestService({}, { logger });
    try {
      const created = await service.api.post('/v1/api-keys', service.admin, {
        role: 'merchant',
        merchant_id: 'mer_acme',
      });
      const key: string = created.body.key;
      await service.api.get('/v1/api-keys', key);
      await service.api.get('/v1/api-keys?merchant_id=mer_other', key);
      await service.api.post('/v1/api-keys', key, { role: 'admin', key });
      await service.api.request('POST', '/v1/api-keys', {
        key,
        raw: `{"broken": "${key}`,
        headers: { 'content-type': 'application/json' },
      });
      await service.api.get('/v1/api-keys', `${key}x`);
      expect(lines.length).to.be.greaterThan(5);
      const all = lines.join('');
      expect(all).to.not.include(key);
      expect(all).to.not.include(service.admin);
      expect(all).to.include(created.body.id);
    } finally {
      await service.stop();
    }
  });
});

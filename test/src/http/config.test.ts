import { expect } from 'chai';
import { startTestService } from '../../support/testService.js';

describe('GET /v1/config', () => {
  it('shows the running configuration, set from the environment', async () => {
    const service = await startTestService({
      SLUICE_MAX_WAIT_MS: '1234',
      SLUICE_RETRY_SCHEDULE_S: '0.05,0.1,1.5',
      SLUICE_ATTEMPT_TIMEOUT_MS: '900',
      SLUICE_ROTATION_GRACE_S: '60',
    });
    try {
      const res = await service.api.get('/v1/config');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        api_version: 'v1',
        process_runs: { max_wait_timeout_ms: 1234 },
        webhooks: {
          signature_version: 'v1',
          timestamp_tolerance_s: 300,
          retry_schedule_s: [0.05, 0.1, 1.5],
          attempt_timeout_ms: 900,
          secret_rotation_grace_s: 60,
          max_payload_bytes: 262144,
        },
      });
    } finally {
      await service.stop();
    }
  });
});

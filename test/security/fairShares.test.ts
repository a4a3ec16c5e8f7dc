import { expect } from 'chai';
import { createKey } from '../support/builders.js';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const HOSTILE = 'mer_hostile';
const QUIET = 'mer_quiet';

const testSend = async (service: TestService, key: string) => {
  const res = await service.api.post('/v1/webhooks/test', key, { data: { sent_at: Date.now() } });
  expect(res.status, res.text).to.equal(202);
  return res.body as { event_id: string; endpoints: string[] };
};

describe("one merchant's hanging receivers and the others' deliveries", function () {
  this.timeout(60_000);
  let service: TestService;
  let hanging: TestReceiver;
  let prompt: TestReceiver;

  beforeEach(async () => {
    hanging = await startTestReceiver(() => ({ hang: true }));
    prompt = await startTestReceiver();
    // The defaults: 256 slots in all, 16 per endpoint, a quarter of the slots per merchant.
    service = await startTestService();
  });

  afterEach(async () => {
    await service.stop();
    await hanging.close();
    await prompt.close();
  });

  it("hold one merchant to its share of the slots: another merchant's deliveries arrive within a second", async () => {
    const hostile = await createKey(service, 'merchant', HOSTILE);
    for (let i = 0; i < 20; i++) {
      const res = await service.api.post('/v1/webhooks', hostile, { url: `${hanging.url}?n=${i}` });
      expect(res.status, res.text).to.equal(201);
    }
    // 20 sends to 20 endpoints whose receiver never answers: 400 tries, more than all the slots.
    for (let i = 0; i < 20; i++) await testSend(service, hostile);
    await hanging.waitFor(64, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Its share and no more is on the wire.
    expect(hanging.received).to.have.length(64);

    const quiet = await createKey(service, 'merchant', QUIET);
    const res = await service.api.post('/v1/webhooks', quiet, { url: prompt.url });
    expect(res.status, res.text).to.equal(201);
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const sentAt = Date.now();
      await testSend(service, quiet);
      const [arrived] = (await prompt.waitFor(i + 1, 5_000)).slice(i);
      delays.push(arrived!.at - sentAt);
    }
    expect(Math.max(...delays), `delays: ${delays.join(', ')} ms`).to.be.below(1_000);
    expect(hanging.received).to.have.length(64);
  });
});

describe('endpoints per merchant', function () {
  this.timeout(30_000);
  let service: TestService;

  beforeEach(async () => {
    service = await startTestService({ SLUICE_MAX_ENDPOINTS_PER_MERCHANT: '3' });
  });

  afterEach(async () => {
    await service.stop();
  });

  it('are capped, even when created all at once; deleting one makes room; other merchants are not counted', async () => {
    const key = await createKey(service, 'merchant', HOSTILE);
    const url = 'http://127.0.0.1:9/hooks';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => service.api.post('/v1/webhooks', key, { url })),
    );
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 422);
    expect(created).to.have.length(3);
    expect(refused).to.have.length(3);
    expect(refused[0]!.body.code).to.equal('limit_reached');
    expect(refused[0]!.body.detail).to.contain('SLUICE_MAX_ENDPOINTS_PER_MERCHANT');
    const listed = await service.api.get('/v1/webhooks?limit=100', key);
    expect(listed.body.data).to.have.length(3);

    const other = await createKey(service, 'merchant', QUIET);
    expect((await service.api.post('/v1/webhooks', other, { url })).status).to.equal(201);

    const gone = await service.api.delete(`/v1/webhooks/${created[0]!.body.id as string}`, key);
    expect(gone.status).to.equal(204);
    expect((await service.api.post('/v1/webhooks', key, { url })).status).to.equal(201);
    expect((await service.api.post('/v1/webhooks', key, { url })).status).to.equal(422);
  });
});

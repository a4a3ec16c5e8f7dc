import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { TestReceiver } from '../support/receiver.js';
import { startTestReceiver } from '../support/receiver.js';
import { createLogger } from '../../src/logging/logger.js';
import { logLines } from '../support/events.js';
import { tempDir } from '../support/tempDir.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

const MERCHANT = 'mer_kept_briefly';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('payloads past the retention period, and deliveries whose payload is gone', function () {
  this.timeout(60_000);
  let service: TestService;
  let receiver: TestReceiver;

  afterEach(async () => {
    await service.stop();
    await receiver.close();
  });

  const endpoint = async () => {
    const created = await service.api.post('/v1/webhooks', service.admin, {
      merchant_id: MERCHANT,
      url: receiver.url,
      filter_types: ['order.created'],
    });
    expect(created.status, created.text).to.equal(201);
    return created.body.id as string;
  };
  const publish = async (data: Record<string, unknown>) => {
    const published = await service.api.post('/v1/events', service.admin, {
      type: 'order.created',
      merchant_id: MERCHANT,
      data,
    });
    expect(published.status, published.text).to.equal(201);
    return published.body.id as string;
  };
  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
    let value = await read();
    for (let i = 0; i < 400 && !done(value); i++) {
      await sleep(50);
      value = await read();
    }
    return value;
  };

  it('reads old payloads as expired, their answers as null, and keeps new ones', async () => {
    receiver = await startTestReceiver(() => ({ status: 200, body: 'kept answer' }));
    // Three seconds: keys of one-second periods, destroyed once their period is three seconds old.
    service = await startTestService({ SLUICE_PAYLOAD_RETENTION_DAYS: String(3 / 86_400) });
    const endpointId = await endpoint();
    const old = await publish({ note: randomBytes(8).toString('hex') });
    const read = await service.api.get(`/v1/events/${old}`, service.admin);
    expect(read.body.data).to.not.equal(null);
    await receiver.waitFor(1);

    const expired = await eventually(
      async () => (await service.api.get(`/v1/events/${old}`, service.admin)).body,
      (body) => body.data === null,
    );
    expect(expired).to.include({ id: old, data: null, data_expired: true });
    expect(expired).to.not.have.property('erased');
    // The answer was sealed when it came, a moment after the event: its period ends later.
    const attempts = await eventually(
      async () =>
        (await service.api.get(`/v1/webhooks/${endpointId}/attempts`, service.admin)).body,
      (body) => body.data[0]?.response_body === null,
    );
    expect(attempts.data[0]).to.include({
      event_id: old,
      status: 'succeeded',
      response_body: null,
    });

    const fresh = await publish({ note: 'fresh' });
    expect((await service.api.get(`/v1/events/${fresh}`, service.admin)).body.data).to.deep.equal({
      note: 'fresh',
    });
  });

  /** The service's log lines as objects, in order. */
  const logged = (lines: string[]) =>
    lines.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Log);
  type Log = { level: number; msg: string; data_keys?: number; destroyed?: number };
  const WARN = 40;

  it('in a dry run, says what the retention would destroy and destroys nothing', async () => {
    receiver = await startTestReceiver(() => ({ status: 200 }));
    const { lines, sink } = logLines();
    const env = { SLUICE_PAYLOAD_RETENTION_DAYS: String(2 / 86_400) };
    service = await startTestService(
      { ...env, SLUICE_PAYLOAD_RETENTION_DRY_RUN: 'true' },
      { logger: createLogger({ level: 'info', destination: sink }) },
    );
    await endpoint();
    const old = await publish({ note: 'kept in a dry run' });
    const warned = await eventually(
      () => Promise.resolve(logged(lines)),
      (logs) => logs.some((l) => l.msg.includes('dry run') && (l.data_keys ?? 0) > 0),
    );
    const dryRun = warned.find((l) => l.msg.includes('dry run') && (l.data_keys ?? 0) > 0)!;
    expect(dryRun.level).to.equal(WARN);
    await sleep(1500);
    expect((await service.api.get(`/v1/events/${old}`, service.admin)).body.data).to.deep.equal({
      note: 'kept in a dry run',
    });
    expect(logged(lines).some((l) => l.destroyed !== undefined)).to.equal(false);
  });

  it('warns with what it is about to destroy before it destroys', async () => {
    receiver = await startTestReceiver(() => ({ status: 200 }));
    const { lines, sink } = logLines();
    const folder = tempDir();
    after(() => folder.remove());
    service = await startTestService(
      // Three seconds: the grace after the warning is a tenth of that.
      { SLUICE_PAYLOAD_RETENTION_DAYS: String(3 / 86_400) },
      { dataDir: folder.path, logger: createLogger({ level: 'info', destination: sink }) },
    );
    await endpoint();
    const old = await publish({ note: 'old' });
    await service.stop();
    // The next start finds the key past the retention: as when the retention is turned on.
    await sleep(3_500);
    service = await startTestService(
      { SLUICE_PAYLOAD_RETENTION_DAYS: String(3 / 86_400) },
      { dataDir: folder.path, logger: createLogger({ level: 'info', destination: sink }) },
    );
    const logs = await eventually(
      () => Promise.resolve(logged(lines)),
      (all) => all.some((l) => l.destroyed !== undefined),
    );
    const warning = logs.findIndex((l) => l.level === WARN && (l.data_keys ?? 0) > 0);
    const destruction = logs.findIndex((l) => l.destroyed !== undefined);
    expect(warning, 'a warning with counts').to.be.greaterThan(-1);
    expect(warning).to.be.lessThan(destruction);
    expect((await service.api.get(`/v1/events/${old}`, service.admin)).body).to.include({
      data: null,
      data_expired: true,
    });
  });

  it('abandons the erased merchant’s deliveries still waiting for a retry', async () => {
    receiver = await startTestReceiver(() => ({ status: 503 }));
    service = await startTestService({ SLUICE_RETRY_SCHEDULE_S: '3600' });
    const endpointId = await endpoint();
    const eventId = await publish({ note: 'never delivered' });
    await receiver.waitFor(1);
    const message = () =>
      service.api.get(`/v1/webhooks/${endpointId}/messages?limit=10`, service.admin);
    await eventually(message, (m) => m.body.data[0]?.attempts === 1);
    expect((await message()).body.data[0]).to.include({ event_id: eventId, status: 'pending' });

    const erased = await service.api.post(`/v1/merchants/${MERCHANT}/erase`, service.admin, {
      reason: 'account closed',
    });
    expect(erased.status, erased.text).to.equal(202);
    const ended = await eventually(message, (m) => m.body.data[0]?.status !== 'pending');
    expect(ended.body.data[0]).to.include({ event_id: eventId, status: 'failed' });
    const audit = await service.api.get(
      `/v1/audit/events?type=delivery.abandoned&merchant_id=${MERCHANT}`,
      service.admin,
    );
    expect(audit.body.data.map((e: { data: { reason: string } }) => e.data.reason)).to.deep.equal([
      'data_erased',
    ]);
    expect(receiver.received).to.have.length(1);
  });
});

import { expect } from 'chai';
import { createParser } from 'eventsource-parser';
import { createEndpoint, createKey } from '../support/builders.js';
import { eventually } from '../support/delivery.js';
import type { TestService } from '../support/testService.js';
import { startTestService } from '../support/testService.js';

type Ready = { endpoint_id: string; secret: string };

/** `GET /v1/listen` held open with a key, as `sluice listen` holds it, until stopped. */
const listen = async (service: TestService, key: string) => {
  const stopped = new AbortController();
  const res = await fetch(`${service.url}/v1/listen`, {
    headers: { authorization: `Bearer ${key}` },
    signal: stopped.signal,
  });
  expect(res.status).to.equal(200);
  let ready: Ready | undefined;
  const parser = createParser({
    onEvent: (message) => {
      if (message.event === 'ready') ready = JSON.parse(message.data) as Ready;
    },
  });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
        parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Stopped by the test.
    }
  })();
  const opened = await eventually(
    () => Promise.resolve(ready),
    (r) => r !== undefined,
  );
  return { ...opened!, stop: () => stopped.abort() };
};

describe('sluice listen: listening endpoints out of the lists, and removed once idle', function () {
  this.timeout(60_000);
  let service: TestService;
  let merchant: string;
  before(async () => {
    service = await startTestService({
      SLUICE_LISTENER_IDLE_S: '2',
      SLUICE_MAX_ENDPOINTS_PER_MERCHANT: '2',
    });
    merchant = await createKey(service, 'merchant', 'mer_acme');
  });
  after(() => service.stop());

  const listed = async (key: string, query = '') => {
    const res = await service.api.get(`/v1/webhooks?limit=100${query}`, key);
    expect(res.status, res.text).to.equal(200);
    return (res.body.data as Array<{ id: string }>).map((e) => e.id);
  };
  const endpoint = (id: string) => service.api.get(`/v1/webhooks/${id}`, service.admin);
  const streamOf = async (id: string) =>
    (
      await service.api.get(
        `/v1/audit/events?stream=webhook_endpoint-${id}&limit=100`,
        service.admin,
      )
    ).body.data as Array<{ type: string; metadata: { actor: string } }>;

  it('leaves listeners out of the endpoint lists unless asked for', async () => {
    const own = await createEndpoint(service, { url: 'https://hooks.example.com/own' });
    const session = await listen(service, merchant);
    try {
      expect(await listed(merchant)).to.deep.equal([own.id]);
      expect(await listed(service.admin, '&merchant_id=mer_acme')).to.deep.equal([own.id]);
      expect(await listed(service.admin)).to.not.include(session.endpoint_id);
      expect(await listed(merchant, '&include_listeners=true')).to.have.members([
        own.id,
        session.endpoint_id,
      ]);
      const read = await endpoint(session.endpoint_id);
      expect(read.status).to.equal(200);
      expect(read.body).to.not.have.property('listener');
      const refused = await service.api.get('/v1/webhooks?include_listeners=yes', merchant);
      expect(refused.status).to.equal(400);
      // Nor does a listener count among the merchant's endpoints, of which it may have two.
      const made = (n: number) =>
        service.api.post('/v1/webhooks', merchant, { url: `https://hooks.example.com/${n}` });
      expect((await made(2)).status).to.equal(201);
      expect((await made(3)).body.code).to.equal('limit_reached');
    } finally {
      session.stop();
    }
  });

  it('deletes a listener no one has listened on for the idle time, keeps one in use, and makes it again on the next listen', async () => {
    const listening = await listen(service, await createKey(service, 'merchant', 'mer_acme'));
    const idleKey = await createKey(service, 'merchant', 'mer_acme');
    const idle = await listen(service, idleKey);
    idle.stop();
    await eventually(
      async () => (await endpoint(idle.endpoint_id)).body.disabled as boolean,
      (disabled) => disabled,
    );

    await eventually(
      async () => (await endpoint(idle.endpoint_id)).status,
      (status) => status === 404,
      15_000,
    );
    const history = await streamOf(idle.endpoint_id);
    expect(history.at(-1)).to.deep.include({ type: 'webhook_endpoint.deleted' });
    expect(history.at(-1)!.metadata.actor).to.equal('sluice:listen');
    // Opened before the idle one, and listened on since: kept, as it was.
    const kept = await endpoint(listening.endpoint_id);
    expect(kept.status).to.equal(200);
    expect(kept.body.disabled).to.equal(false);
    listening.stop();

    const again = await listen(service, idleKey);
    try {
      expect(again.endpoint_id).to.equal(idle.endpoint_id);
      expect(again.secret)
        .to.match(/^whsec_/)
        .and.not.equal(idle.secret);
      expect((await endpoint(again.endpoint_id)).body.disabled).to.equal(false);
    } finally {
      again.stop();
    }
  });

  it('closes a listener enabled with no one listening, then removes it once idle', async () => {
    const key = await createKey(service, 'merchant', 'mer_acme');
    const session = await listen(service, key);
    session.stop();
    await eventually(
      async () => (await endpoint(session.endpoint_id)).body.disabled as boolean,
      (disabled) => disabled,
    );
    // Enabled again by hand, as a listener is left when its process dies mid-session.
    const enabled = await service.api.post(`/v1/webhooks/${session.endpoint_id}`, key, {
      disabled: false,
    });
    expect(enabled.status, enabled.text).to.equal(200);
    await eventually(
      async () => (await streamOf(session.endpoint_id)).map((e) => e.type),
      (types) => types.at(-1) === 'webhook_endpoint.deleted',
      15_000,
    );
    const closings = (await streamOf(session.endpoint_id)).filter(
      (e) => e.metadata.actor === 'sluice:listen',
    );
    expect(closings.map((e) => e.type)).to.deep.equal([
      'webhook_endpoint.updated',
      'webhook_endpoint.deleted',
    ]);
  });
});

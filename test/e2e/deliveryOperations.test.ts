import { expect } from 'chai';
import { createKey } from '../support/builders.js';
import {
  deliveryHarness,
  attemptsOf,
  endpointWithSecret,
  eventually,
  messagesOf,
  publish,
} from '../support/delivery.js';
import { verifies } from '../support/receiver.js';

describe('delivery: test events, resend and replay', function () {
  this.timeout(30_000);
  const harness = deliveryHarness({ SLUICE_RETRY_SCHEDULE_S: '0.02' });
  const receiver = (...args: Parameters<typeof harness.receivers.start>) =>
    harness.receivers.start(...args);

  it('sends webhook.test to one endpoint whatever its filter, or to every enabled endpoint', async () => {
    const one = await receiver();
    const two = await receiver();
    const off = await receiver();
    const first = await endpointWithSecret(harness.service, one.url, {
      filter_types: ['invoice.sent'],
    });
    await endpointWithSecret(harness.service, two.url);
    await endpointWithSecret(harness.service, off.url, { disabled: true });
    const merchant = await createKey(harness.service, 'merchant', 'mer_acme');

    const single = await harness.service.api.post('/v1/webhooks/test', merchant, {
      endpoint_id: first.endpoint.id,
      data: { hello: 'world' },
    });
    expect(single.status).to.equal(202);
    expect(single.body.endpoints).to.deep.equal([first.endpoint.id]);
    const [delivery] = await one.waitFor(1);
    expect(verifies(delivery!, first.secret)).to.equal(true);
    expect(delivery!.body).to.include({
      id: single.body.event_id,
      type: 'webhook.test',
      merchant_id: 'mer_acme',
    });
    expect(delivery!.body.data).to.deep.equal({ hello: 'world' });
    const [attempt] = await eventually(
      () => attemptsOf(harness.service, first.endpoint.id),
      (a) => a.length === 1,
    );
    expect(attempt!.trigger).to.equal('test');

    const all = await harness.service.api.post('/v1/webhooks/test', harness.service.admin, {
      merchant_id: 'mer_acme',
    });
    expect(all.body.endpoints).to.have.length(2);
    await one.waitFor(2);
    await two.waitFor(1);
    expect(off.received).to.have.length(0);

    expect(
      (await harness.service.api.post('/v1/webhooks/test', harness.service.admin, {})).status,
    ).to.equal(400);
    expect(
      (await harness.service.api.post('/v1/webhooks/test', merchant, { merchant_id: 'mer_other' }))
        .status,
    ).to.equal(403);
    expect(
      (await harness.service.api.post('/v1/webhooks/test', merchant, { endpoint_id: 'we_nope' }))
        .status,
    ).to.equal(404);
  });

  it('resends one message with the same webhook-id, recording the trigger', async () => {
    const hooks = await receiver();
    const { endpoint } = await endpointWithSecret(harness.service, hooks.url);
    const event = await publish(harness.service, 'order.created');
    await hooks.waitFor(1);
    const res = await harness.service.api.post(
      `/v1/webhooks/${endpoint.id}/messages/${event.id}/resend`,
      harness.service.admin,
    );
    expect(res.status).to.equal(202);
    expect(res.body).to.include({ event_id: event.id, status: 'pending' });
    const [first, second] = await hooks.waitFor(2);
    expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
    const attempts = await eventually(
      () => attemptsOf(harness.service, endpoint.id),
      (a) => a.length === 2,
    );
    expect(attempts.map((a) => a.trigger)).to.deep.equal(['resend', 'initial']);
    expect(attempts[0]!.attempt_number).to.equal(2);
    expect(
      (
        await harness.service.api.post(
          `/v1/webhooks/${endpoint.id}/messages/evt_unknown/resend`,
          harness.service.admin,
        )
      ).status,
    ).to.equal(404);
    await harness.service.api.post(`/v1/webhooks/${endpoint.id}`, harness.service.admin, {
      disabled: true,
    });
    expect(
      (
        await harness.service.api.post(
          `/v1/webhooks/${endpoint.id}/messages/${event.id}/resend`,
          harness.service.admin,
        )
      ).status,
    ).to.equal(409);
  });

  it('sends a resend asked for while a try is on the wire, once that try is recorded', async () => {
    // The first request is answered only after the resend was asked for.
    const hooks = await receiver((n) =>
      n === 0 ? { status: 200, delayMs: 400 } : { status: 200 },
    );
    const { endpoint } = await endpointWithSecret(harness.service, hooks.url);
    const event = await publish(harness.service, 'order.created');
    await hooks.waitFor(1);
    const res = await harness.service.api.post(
      `/v1/webhooks/${endpoint.id}/messages/${event.id}/resend`,
      harness.service.admin,
    );
    expect(res.status).to.equal(202);
    const [first, second] = await hooks.waitFor(2, 5000);
    expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
    const attempts = await eventually(
      () => attemptsOf(harness.service, endpoint.id),
      (a) => a.length === 2,
    );
    expect(attempts.map((a) => a.trigger)).to.deep.equal(['resend', 'initial']);
    const [message] = await messagesOf(harness.service, endpoint.id);
    expect(message).to.include({ status: 'succeeded', attempts: 2 });
  });

  it('replays a window: only the failed ones by default, every matching one on request', async () => {
    let healthy = false;
    const hooks = await receiver(() => ({ status: healthy ? 200 : 500 }));
    const { endpoint } = await endpointWithSecret(harness.service, hooks.url, {
      filter_types: ['order.created', 'invoice.sent'],
    });
    const since = new Date(Date.now() - 1000).toISOString();
    const failed = await publish(harness.service, 'order.created', { n: 1 });
    await eventually(
      () => messagesOf(harness.service, endpoint.id),
      (m) => m[0]?.status === 'failed',
    );
    healthy = true;
    const delivered = await publish(harness.service, 'invoice.sent', { n: 2 });
    await eventually(
      () => messagesOf(harness.service, endpoint.id, '&status=succeeded'),
      (m) => m.length === 1,
    );
    await publish(harness.service, 'company.created', { n: 3 });
    // Published while the endpoint was disabled: never sent, so only a back-fill sends it.
    await harness.service.api.post(`/v1/webhooks/${endpoint.id}`, harness.service.admin, {
      disabled: true,
    });
    const missed = await publish(harness.service, 'order.created', { n: 4 });
    await harness.service.api.post(`/v1/webhooks/${endpoint.id}`, harness.service.admin, {
      disabled: false,
    });
    const before = hooks.received.length;

    const replay = await harness.service.api.post(
      `/v1/webhooks/${endpoint.id}/replay`,
      harness.service.admin,
      {
        since,
      },
    );
    expect(replay.status).to.equal(202);
    expect(replay.body.replay_id).to.match(/^rpl_/);
    expect(replay.body).to.include({ count: 1, replayed: 1, backfilled: 0, unsent_skipped: 1 });
    const got = await hooks.waitFor(before + 1);
    expect(got.slice(before).map((d) => d.body.id)).to.deep.equal([failed.id]);
    await eventually(
      () => messagesOf(harness.service, endpoint.id, '&status=succeeded'),
      (m) => m.length === 2,
    );
    const backfill = await harness.service.api.post(
      `/v1/webhooks/${endpoint.id}/replay`,
      harness.service.admin,
      { since, include_unsent: true },
    );
    expect(backfill.body).to.include({ count: 1, replayed: 0, backfilled: 1 });
    const filled = await hooks.waitFor(before + 2);
    expect(filled[before + 1]!.body.id).to.equal(missed.id);
    const attempts = await eventually(
      () => attemptsOf(harness.service, endpoint.id, '&status=succeeded'),
      (a) => a.length === 3,
    );
    expect(attempts.filter((a) => a.trigger === 'replay')).to.have.length(2);

    const everything = await harness.service.api.post(
      `/v1/webhooks/${endpoint.id}/replay`,
      harness.service.admin,
      {
        since,
        only_failed: false,
      },
    );
    expect(everything.body.count).to.equal(3);
    await hooks.waitFor(before + 5);
    expect(hooks.received.slice(before + 2).map((d) => d.body.id)).to.include(delivered.id);

    const bad = await harness.service.api.post(
      `/v1/webhooks/${endpoint.id}/replay`,
      harness.service.admin,
      {
        since: 'yesterday',
      },
    );
    expect(bad.status).to.equal(400);
    const backwards = await harness.service.api.post(
      `/v1/webhooks/${endpoint.id}/replay`,
      harness.service.admin,
      {
        since,
        until: '2000-01-01T00:00:00Z',
      },
    );
    expect(backwards.status).to.equal(400);
  });

  it('keeps attempts and messages to their merchant', async () => {
    const hooks = await receiver();
    const { endpoint } = await endpointWithSecret(harness.service, hooks.url);
    const globex = await createKey(harness.service, 'merchant', 'mer_globex');
    expect(
      (await harness.service.api.get(`/v1/webhooks/${endpoint.id}/attempts`, globex)).status,
    ).to.equal(404);
    expect(
      (await harness.service.api.get(`/v1/webhooks/${endpoint.id}/messages`, globex)).status,
    ).to.equal(404);
    expect(
      (
        await harness.service.api.get(
          `/v1/webhooks/${endpoint.id}/attempts?merchant_id=mer_globex`,
          harness.service.admin,
        )
      ).status,
    ).to.equal(404);
    expect(
      (
        await harness.service.api.post(`/v1/webhooks/${endpoint.id}/replay`, globex, {
          since: new Date().toISOString(),
        })
      ).status,
    ).to.equal(404);
    const acme = await createKey(harness.service, 'merchant', 'mer_acme');
    expect(
      (await harness.service.api.get(`/v1/webhooks/${endpoint.id}/attempts?status=failed`, acme))
        .status,
    ).to.equal(200);
    expect(
      (await harness.service.api.get(`/v1/webhooks/${endpoint.id}/attempts?status=odd`, acme))
        .status,
    ).to.equal(400);
  });
});

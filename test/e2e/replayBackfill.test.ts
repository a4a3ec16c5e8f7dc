import { expect } from 'chai';
import {
  attemptsOf,
  deliveryHarness,
  endpointWithSecret,
  eventually,
  messagesOf,
  publish,
} from '../support/delivery.js';

describe('delivery: a replay tells what it sends again from what it sends for the first time', function () {
  this.timeout(30_000);
  const harness = deliveryHarness({ SLUICE_RETRY_SCHEDULE_S: '0.02' });

  it('sends again only what the endpoint was sent, and back-fills the rest on request, counted apart', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    // Published before the endpoint existed: never sent to it.
    const earlier = [];
    for (let n = 1; n <= 5; n++)
      earlier.push((await publish(harness.service, 'order.created', { n })).id);
    let down = true;
    const hooks = await harness.receivers.start(() => ({ status: down ? 503 : 200 }));
    const { endpoint } = await endpointWithSecret(harness.service, hooks.url);
    const sent = [
      (await publish(harness.service, 'order.created', { n: 6 })).id,
      (await publish(harness.service, 'order.created', { n: 7 })).id,
    ];
    await eventually(
      () => messagesOf(harness.service, endpoint.id, '&status=failed'),
      (failed) => failed.length === 2,
    );
    down = false;
    const before = hooks.received.length;

    const replay = await harness.service.api.post(
      `/v1/webhooks/${endpoint.id}/replay`,
      harness.service.admin,
      { since },
    );
    expect(replay.status, replay.text).to.equal(202);
    expect(replay.body).to.include({ count: 2, replayed: 2, backfilled: 0, unsent_skipped: 5 });
    const again = await hooks.waitFor(before + 2);
    expect(again.slice(before).map((d) => d.body.id)).to.have.members(sent);
    await eventually(
      () => messagesOf(harness.service, endpoint.id, '&status=succeeded'),
      (delivered) => delivered.length === 2,
    );
    expect(await messagesOf(harness.service, endpoint.id)).to.have.length(2);

    const backfill = await harness.service.api.post(
      `/v1/webhooks/${endpoint.id}/replay`,
      harness.service.admin,
      { since, include_unsent: true },
    );
    expect(backfill.status, backfill.text).to.equal(202);
    expect(backfill.body).to.include({ count: 5, replayed: 0, backfilled: 5, unsent_skipped: 0 });
    const first = await hooks.waitFor(before + 7);
    expect(first.slice(before + 2).map((d) => d.body.id)).to.have.members(earlier);
    // A back-filled message begins with a replay's attempt, where a sent one began with "initial".
    const attempts = await eventually(
      () => attemptsOf(harness.service, endpoint.id, '&status=succeeded'),
      (list) => list.length === 7,
    );
    for (const eventId of earlier) {
      const own = attempts.filter((a) => a.event_id === eventId);
      expect(own.map((a) => [a.trigger, a.attempt_number])).to.deep.equal([['replay', 1]]);
    }
    const all = await attemptsOf(harness.service, endpoint.id);
    for (const eventId of sent)
      expect(all.filter((a) => a.event_id === eventId).at(-1)!.trigger).to.equal('initial');
  });
});

import { expect } from 'chai';
import { deliveryHarness, endpointWithSecret, publish } from '../support/delivery.js';
import { verifies } from '../support/receiver.js';

/** Lets deliveries that should not happen have their chance to. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('event types with schemas, delivered', function () {
  this.timeout(30_000);
  const harness = deliveryHarness();

  const register = async (body: Record<string, unknown>) => {
    const res = await harness.service.api.post('/v1/event-types', harness.service.admin, body);
    expect(res.status, res.text).to.equal(201);
  };
  const deprecate = async (name: string) => {
    const res = await harness.service.api.post(`/v1/event-types/${name}`, harness.service.admin, {
      deprecated: true,
    });
    expect([res.status, res.body.deprecated], res.text).to.deep.equal([200, true]);
  };
  const createEndpoint = (body: Record<string, unknown>) =>
    harness.service.api.post('/v1/webhooks', harness.service.admin, {
      merchant_id: 'mer_acme',
      ...body,
    });

  it('delivers a registered deliverable type to the endpoints that receive it, and never one that is not deliverable', async () => {
    await register({
      name: 'shipment.dispatched',
      description: 'A shipment left the warehouse.',
      schema: { type: 'object', required: ['shipment_id'] },
      examples: [{ shipment_id: 'shp_1' }],
    });
    await register({ name: 'ledger.closed', description: 'Books closed.', deliverable: false });
    const listing = await harness.receivers.start();
    const { secret } = await endpointWithSecret(harness.service, listing.url, {
      filter_types: ['shipment.dispatched'],
    });
    const everything = await harness.receivers.start();
    await endpointWithSecret(harness.service, everything.url);
    const refused = await createEndpoint({ url: listing.url, filter_types: ['ledger.closed'] });
    expect([refused.status, refused.body.code]).to.deep.equal([422, 'invalid_filter_type']);

    await publish(harness.service, 'ledger.closed', { period: '2026-04' });
    const event = await publish(harness.service, 'shipment.dispatched', { shipment_id: 'shp_9' });
    const [delivery] = await listing.waitFor(1);
    expect(verifies(delivery!, secret)).to.equal(true);
    expect(delivery!.body).to.include({ id: event.id, type: 'shipment.dispatched' });
    expect(delivery!.body.data).to.deep.equal({ shipment_id: 'shp_9' });
    await everything.waitFor(1);
    await settle();
    expect(listing.received.map((d) => d.body.type)).to.deep.equal(['shipment.dispatched']);
    expect(everything.received.map((d) => d.body.type)).to.deep.equal(['shipment.dispatched']);
  });

  it('keeps delivering a deprecated type to the endpoint that listed it, and lets no endpoint newly list it', async () => {
    const hooks = await harness.receivers.start();
    const { endpoint, secret } = await endpointWithSecret(harness.service, hooks.url, {
      filter_types: ['invoice.sent'],
    });
    await deprecate('invoice.sent');
    await deprecate('invoice.cancelled');

    const other = await harness.receivers.start();
    const fresh = await createEndpoint({ url: other.url, filter_types: ['invoice.sent'] });
    expect([fresh.status, fresh.body.code]).to.deep.equal([422, 'invalid_filter_type']);
    expect(fresh.body.errors).to.deep.equal([
      {
        path: 'filter_types.0',
        message: 'invoice.sent is deprecated: it cannot be newly subscribed to',
      },
    ]);
    const update = (body: Record<string, unknown>) =>
      harness.service.api.post(`/v1/webhooks/${endpoint.id}`, harness.service.admin, body);
    const adding = await update({ filter_types: ['invoice.sent', 'invoice.cancelled'] });
    expect([adding.status, adding.body.code]).to.deep.equal([422, 'invalid_filter_type']);
    expect(adding.body.errors.map((e: { path: string }) => e.path)).to.deep.equal([
      'filter_types.1',
    ]);
    const keeping = await update({ filter_types: ['invoice.sent', 'invoice.issued'] });
    expect(keeping.status, keeping.text).to.equal(200);
    expect(keeping.body.filter_types).to.deep.equal(['invoice.sent', 'invoice.issued']);

    const event = await publish(harness.service, 'invoice.sent', { invoice_id: 'inv_1' });
    const [delivery] = await hooks.waitFor(1);
    expect(verifies(delivery!, secret)).to.equal(true);
    expect(delivery!.body).to.include({ id: event.id, type: 'invoice.sent' });
  });
});

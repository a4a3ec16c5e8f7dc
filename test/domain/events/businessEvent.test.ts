import type { BusinessEvent, PublishEvent } from '../../../domain/events/businessEvent.js';
import { MAX_PAYLOAD_BYTES, businessEventDecider } from '../../../domain/events/businessEvent.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(businessEventDecider);
const data = {
  id: 'evt_1',
  merchant_id: 'mer_a',
  created_at: '2026-01-01T00:00:00.000Z',
  data: { a: 1, b: [2] },
  channels: null,
};
const publish = (overrides: Partial<PublishEvent> = {}): PublishEvent => ({
  type: 'publish_event',
  event_type: 'order.created',
  event: data,
  ...overrides,
});
const published: BusinessEvent = { type: 'order.created', data };

describe('business event decider', () => {
  it('publishes catalog and extension types', () => {
    spec.given([]).when(publish()).then([published]);
    spec
      .given([])
      .when(publish({ event_type: 'extension.sync.started' }))
      .then([{ type: 'extension.sync.started', data }]);
  });

  it('publishes names a registered type may have: the API checks the catalog first', () => {
    spec
      .given([])
      .when(publish({ event_type: 'shipment.dispatched' }))
      .then([{ type: 'shipment.dispatched', data }]);
  });

  it('refuses names no type may have', () => {
    for (const type of [
      'order',
      'extension',
      'extension.',
      'Extension.x',
      'process.anything',
      'webhook.other',
      'message.sent',
      'Order.created',
      'order..created',
    ]) {
      spec
        .given([])
        .when(publish({ event_type: type }))
        .thenFails('unknown_event_type');
    }
  });

  it('treats the same id and content as already published, whatever the key order or time', () => {
    spec
      .given([published])
      .when(
        publish({
          event: { ...data, created_at: '2027-01-01T00:00:00.000Z', data: { b: [2], a: 1 } },
        }),
      )
      .then([]);
  });

  it('refuses the same id with other content', () => {
    spec
      .given([published])
      .when(publish({ event: { ...data, data: { a: 2 } } }))
      .thenFails('conflict');
    spec
      .given([published])
      .when(publish({ event: { ...data, merchant_id: 'mer_b' } }))
      .thenFails('conflict');
    spec
      .given([published])
      .when(publish({ event_type: 'order.confirmed' }))
      .thenFails('conflict');
  });

  it('refuses channels out of their rules and data past the size limit', () => {
    for (const channels of [
      [],
      ['a', 'a'],
      ['bad channel'],
      Array.from({ length: 11 }, (_, i) => `c${i}`),
    ]) {
      spec
        .given([])
        .when(publish({ event: { ...data, channels } }))
        .thenFails('validation_failed');
    }
    const big = { blob: 'x'.repeat(MAX_PAYLOAD_BYTES) };
    spec
      .given([])
      .when(publish({ event: { ...data, data: big } }))
      .thenFails('payload_too_large');
    const fits = { blob: 'x'.repeat(MAX_PAYLOAD_BYTES - 20) };
    spec
      .given([])
      .when(publish({ event: { ...data, data: fits } }))
      .then([{ type: 'order.created', data: { ...data, data: fits } }]);
  });
});

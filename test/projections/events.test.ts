import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { ApiKeyCreated } from '../../domain/api-keys/apiKey.js';
import { apiKeyStream } from '../../domain/api-keys/apiKey.js';
import type { BusinessEventData, PublishEvent } from '../../domain/events/businessEvent.js';
import { businessEventDecider, businessEventStream } from '../../domain/events/businessEvent.js';
import { eventsProjection } from '../../projections/events.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(eventsProjection);
const now = '2026-01-01T00:00:00.000Z';

const event: BusinessEventData = {
  id: 'evt_1',
  merchant_id: 'mer_a',
  created_at: now,
  data: { order_id: 'ord_1', total: { amount: 1200, currency: 'EUR' } },
  channels: null,
};

/** The event the decider publishes for the command, as the log records it. */
const published = (eventType: string, overrides: Partial<BusinessEventData> = {}) => {
  const command: PublishEvent = {
    type: 'publish_event',
    event_type: eventType,
    event: { ...event, ...overrides },
  };
  const decision = businessEventDecider.decide(command, businessEventDecider.initialState());
  if (isLeft(decision)) expect.fail(`refused: ${decision.left.code}: ${decision.left.detail}`);
  const [first] = decision.right;
  if (!first) expect.fail('published nothing');
  return recorded(businessEventStream(first.data.id), first.type, first.data, {
    metadata: { merchant_id: first.data.merchant_id },
  });
};

describe('events projection', () => {
  it('stores a published event as the event list serves it', () => {
    spec.when(published('order.created')).then([
      {
        op: 'put',
        collection: 'events',
        doc: {
          id: 'evt_1',
          object: 'event',
          type: 'order.created',
          merchant_id: 'mer_a',
          created_at: now,
          data: { order_id: 'ord_1', total: { amount: 1200, currency: 'EUR' } },
          channels: null,
        },
      },
    ]);
  });

  it('keeps the channels an event was published on', () => {
    spec.when(published('invoice.issued', { id: 'evt_2', channels: ['eu', 'billing'] })).then([
      {
        op: 'put',
        collection: 'events',
        doc: {
          id: 'evt_2',
          object: 'event',
          type: 'invoice.issued',
          merchant_id: 'mer_a',
          created_at: now,
          data: { order_id: 'ord_1', total: { amount: 1200, currency: 'EUR' } },
          channels: ['eu', 'billing'],
        },
      },
    ]);
  });

  it('stores an extension event like a catalog one', () => {
    spec.when(published('extension.sync.started', { id: 'evt_3', data: {} })).then([
      {
        op: 'put',
        collection: 'events',
        doc: {
          id: 'evt_3',
          object: 'event',
          type: 'extension.sync.started',
          merchant_id: 'mer_a',
          created_at: now,
          data: {},
          channels: null,
        },
      },
    ]);
  });

  it('leaves out the endpoints a test webhook is addressed to', () => {
    spec.when(published('order.created', { id: 'evt_4', endpoint_ids: ['we_1', 'we_2'] })).then([
      {
        op: 'put',
        collection: 'events',
        doc: {
          id: 'evt_4',
          object: 'event',
          type: 'order.created',
          merchant_id: 'mer_a',
          created_at: now,
          data: { order_id: 'ord_1', total: { amount: 1200, currency: 'EUR' } },
          channels: null,
        },
      },
    ]);
  });

  it('ignores events outside the business event streams', () => {
    const created: ApiKeyCreated['data'] = {
      key_id: 'key_1',
      role: 'admin',
      merchant_id: null,
      name: null,
      key_hash: 'ab'.repeat(32),
      created_at: now,
    };
    spec.ignores(recorded(apiKeyStream('key_1'), 'api_key.created', created));
  });
});

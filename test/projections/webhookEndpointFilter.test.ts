import { expect } from 'chai';
import { endpointStream } from '../../domain/webhooks/endpoint.js';
import type { Change } from '../../projections/projection.js';
import type { EndpointDoc } from '../../projections/webhookEndpoints.js';
import {
  WEBHOOK_ENDPOINTS,
  webhookEndpointsProjection,
} from '../../projections/webhookEndpoints.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(webhookEndpointsProjection);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T01:00:00.000Z';

/** A created event's data as the log held it before filters and orderings existed. */
const createdBefore = {
  endpoint_id: 'we_1',
  merchant_id: 'mer_a',
  url: 'https://hooks.example.com/sluice',
  description: '',
  filter_types: null,
  channels: null,
  disabled: false,
  rate_limit_per_s: null,
  metadata: {},
  disabled_reason: null,
  secret: 'sealed-1',
  created_at: now,
};

const endpointOf = (changes: readonly Change[]): EndpointDoc => {
  const put = changes.find(
    (change) => change.op === 'put' && change.collection === WEBHOOK_ENDPOINTS,
  );
  return (put as unknown as { doc: EndpointDoc }).doc;
};

describe('webhook endpoints projection: filter and ordering', () => {
  it('shows an endpoint created before filters existed with no filter, unordered', () => {
    spec
      .when(recorded(endpointStream('we_1'), 'webhook_endpoint.created', createdBefore))
      .thenMatch((changes) => {
        const endpoint = endpointOf(changes);
        expect(endpoint.filter).to.equal(null);
        expect(endpoint.ordering).to.equal('unordered');
        // Headers too were added later: the old event has none.
        expect(endpoint.headers).to.deep.equal({});
      });
  });

  it('shows the filter and ordering an endpoint is created with, and sets them on update', () => {
    const filter = 'data.amount > 100';
    spec
      .when(
        recorded(endpointStream('we_1'), 'webhook_endpoint.created', {
          ...createdBefore,
          headers: {},
          filter,
          ordering: 'fifo',
        }),
      )
      .thenMatch((changes) => {
        expect(endpointOf(changes)).to.include({ filter, ordering: 'fifo' });
      });
    spec
      .when(
        recorded(endpointStream('we_1'), 'webhook_endpoint.updated', {
          endpoint_id: 'we_1',
          merchant_id: 'mer_a',
          changes: { filter: null, ordering: 'unordered' },
          updated_at: later,
        }),
      )
      .then([
        {
          op: 'patch',
          collection: WEBHOOK_ENDPOINTS,
          id: 'we_1',
          set: { filter: null, ordering: 'unordered', updated_at: later },
        },
      ]);
  });
});

import { expect } from 'chai';
import { allProjections } from '../../../projections/index.js';
import { readersOf } from '../../../src/projector/readers.js';
import { recorded } from '../../support/projectionSpec.js';

describe('the read models a write changes', () => {
  it('are those of the projections that read one of its events', () => {
    const endpoint = recorded('webhook_endpoint-we_1', 'webhook_endpoint.updated', {});
    expect(readersOf(allProjections, [endpoint])).to.deep.equal([
      'webhook_endpoints',
      'webhook_routes',
    ]);
    const business = recorded('event-evt_1', 'order.created', {});
    expect(readersOf(allProjections, [business])).to.deep.equal(['events']);
    expect(readersOf(allProjections, [endpoint, business])).to.have.members([
      'events',
      'webhook_endpoints',
      'webhook_routes',
    ]);
    expect(readersOf(allProjections, [])).to.deep.equal([]);
  });
});

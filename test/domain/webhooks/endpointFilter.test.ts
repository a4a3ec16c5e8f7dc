import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import type {
  CreateEndpoint,
  EndpointCommand,
  EndpointCreated,
  EndpointEvent,
  EndpointSettings,
} from '../../../domain/webhooks/endpoint.js';
import { endpointDecider } from '../../../domain/webhooks/endpoint.js';
import { MAX_FILTER_LENGTH, checkFilter } from '../../../domain/webhooks/endpointFilter.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(endpointDecider);
const now = '2026-01-01T00:00:00.000Z';
const later = '2026-01-01T01:00:00.000Z';

const settings: EndpointSettings = {
  url: 'https://hooks.example.com/sluice',
  description: '',
  filter_types: null,
  channels: null,
  disabled: false,
  rate_limit_per_s: null,
  metadata: {},
  headers: {},
  filter: null,
  ordering: 'unordered',
};

const create = (overrides: Partial<EndpointSettings>): CreateEndpoint => ({
  type: 'create_endpoint',
  endpoint_id: 'we_1',
  acting_merchant: 'mer_a',
  merchant_id: 'mer_a',
  settings: { ...settings, ...overrides },
  secret: 'sealed-1',
  now,
});

const created = (overrides: Partial<EndpointSettings> = {}): EndpointCreated => ({
  type: 'webhook_endpoint.created',
  data: {
    endpoint_id: 'we_1',
    merchant_id: 'mer_a',
    ...settings,
    ...overrides,
    disabled_reason: null,
    secret: 'sealed-1',
    created_at: now,
  },
});

/** A created event as the log holds those recorded before filters and orderings existed. */
const createdBefore = (): EndpointCreated => {
  const { filter: _filter, ordering: _ordering, ...data } = created().data;
  return { type: 'webhook_endpoint.created', data };
};

const update = (changes: Partial<EndpointSettings>): EndpointCommand => ({
  type: 'update_endpoint',
  endpoint_id: 'we_1',
  acting_merchant: 'mer_a',
  changes,
  now: later,
});

/** The refusal of a command, which must be refused. */
const refusal = (past: readonly EndpointEvent[], command: EndpointCommand) => {
  const state = past.reduce(endpointDecider.evolve, endpointDecider.initialState());
  const decision = endpointDecider.decide(command, state);
  if (!isLeft(decision)) return expect.fail(`decided ${JSON.stringify(decision.right)}`);
  return decision.left;
};

describe('webhook endpoint filter and ordering', () => {
  const filter = 'data.amount > 100 and data.currency = "EUR"';

  it('records a filter and an ordering on create, and changes of them on update', () => {
    spec
      .given([])
      .when(create({ filter, ordering: 'fifo' }))
      .then([created({ filter, ordering: 'fifo' })]);
    spec
      .given([created()])
      .when(update({ filter: 'type = "invoice.issued"', ordering: 'fifo' }))
      .then([
        {
          type: 'webhook_endpoint.updated',
          data: {
            endpoint_id: 'we_1',
            merchant_id: 'mer_a',
            changes: { filter: 'type = "invoice.issued"', ordering: 'fifo' },
            updated_at: later,
          },
        },
      ]);
    spec
      .given([created({ filter })])
      .when(update({ filter }))
      .then([]);
  });

  it('refuses a filter that does not compile with invalid_filter and its position', () => {
    const refused = refusal([], create({ filter: 'data.amount >' }));
    expect(refused.code).to.equal('invalid_filter');
    expect(refused.detail).to.match(/position 13/);
    expect(refused.errors).to.deep.equal([
      { path: 'filter', message: 'Unexpected end of expression', position: 13 },
    ]);
    const unterminated = refusal([created()], update({ filter: 'type = "invoice' }));
    expect(unterminated.code).to.equal('invalid_filter');
    expect(unterminated.errors![0]).to.include({ path: 'filter', position: 15 });
  });

  it('refuses a regex that cannot run in linear time, as a definition’s', () => {
    const refused = refusal([], create({ filter: '$contains(data.s, /(a+)\\1/)' }));
    expect(refused.code).to.equal('invalid_filter');
    expect(refused.errors![0]!.path).to.equal('filter');
    expect(refused.errors![0]!.message).to.match(/linear time/);
  });

  it('refuses an empty or over-long filter as not valid, and takes one at the bound', () => {
    for (const bad of ['', '   ', `"${'a'.repeat(MAX_FILTER_LENGTH - 1)}"`]) {
      const refused = refusal([], create({ filter: bad }));
      expect(refused.code, JSON.stringify(bad.slice(0, 10))).to.equal('validation_failed');
      expect(refused.errors![0]!.path).to.equal('filter');
    }
    expect(checkFilter(`"${'a'.repeat(MAX_FILTER_LENGTH - 2)}"`)).to.equal(undefined);
    expect(checkFilter(null)).to.equal(undefined);
  });

  it('refuses an ordering other than unordered or fifo', () => {
    const refused = refusal(
      [],
      create({ ordering: 'lifo' as unknown as EndpointSettings['ordering'] }),
    );
    expect(refused.code).to.equal('validation_failed');
    expect(refused.errors).to.deep.equal([
      { path: 'ordering', message: 'must be one of unordered, fifo' },
    ]);
    spec
      .given([created()])
      .when(update({ ordering: 'random' as unknown as EndpointSettings['ordering'] }))
      .thenFails('validation_failed');
  });

  it('defaults an endpoint recorded before filters existed: no filter, unordered', () => {
    // Setting the defaults changes nothing: they are what the endpoint already has.
    spec
      .given([createdBefore()])
      .when(update({ filter: null, ordering: 'unordered' }))
      .then([]);
    spec
      .given([createdBefore()])
      .when(update({ filter, ordering: 'fifo' }))
      .then([
        {
          type: 'webhook_endpoint.updated',
          data: {
            endpoint_id: 'we_1',
            merchant_id: 'mer_a',
            changes: { filter, ordering: 'fifo' },
            updated_at: later,
          },
        },
      ]);
  });
});

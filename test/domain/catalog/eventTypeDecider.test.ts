import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { EVENT_CATALOG } from '../../../domain/catalog/eventCatalog.js';
import type {
  EventTypeEvent,
  EventTypeRegistered,
  RegisterEventType,
  UpdateEventType,
} from '../../../domain/catalog/eventTypeDecider.js';
import { entryOf, eventTypeDecider } from '../../../domain/catalog/eventTypeDecider.js';
import { fold } from '../../../domain/shared/decider.js';
import { deciderSpec } from '../../support/deciderSpec.js';

const spec = deciderSpec(eventTypeDecider);
const NOW = '2026-05-01T10:00:00.000Z';
const LATER = '2026-05-02T10:00:00.000Z';

const shipmentSchema = {
  type: 'object',
  required: ['shipment_id'],
  properties: { shipment_id: { type: 'string', pattern: '^shp_' }, weight_g: { type: 'integer' } },
};
const shipment = { shipment_id: 'shp_1', weight_g: 1200 };

const register = (overrides: Partial<RegisterEventType> = {}): RegisterEventType => ({
  type: 'register_event_type',
  name: 'shipment.dispatched',
  description: 'A shipment left the warehouse.',
  schema: shipmentSchema,
  examples: [shipment],
  now: NOW,
  ...overrides,
});
const update = (overrides: Partial<UpdateEventType> = {}): UpdateEventType => ({
  type: 'update_event_type',
  name: 'shipment.dispatched',
  now: LATER,
  ...overrides,
});
const registered: EventTypeRegistered = {
  type: 'event_type.registered',
  data: {
    name: 'shipment.dispatched',
    family: 'platform',
    description: 'A shipment left the warehouse.',
    deliverable: true,
    schema: shipmentSchema,
    examples: [shipment],
    registered_at: NOW,
  },
};

/** The fault paths of a refusal, to say where the caller went wrong. */
const faultPaths = (past: EventTypeEvent[], command: RegisterEventType | UpdateEventType) => {
  const decision = eventTypeDecider.decide(command, fold(eventTypeDecider, past));
  if (!isLeft(decision)) return expect.fail('decided');
  return { code: decision.left.code, paths: (decision.left.errors ?? []).map((e) => e.path) };
};

describe('event type decider', () => {
  it('ships every built-in type with an open schema and an example that is an object', () => {
    for (const entry of EVENT_CATALOG) {
      expect(entry.schema, entry.name).to.deep.equal({ type: 'object' });
      expect(entry.examples.length, entry.name).to.be.at.least(entry.deliverable ? 1 : 0);
      for (const example of entry.examples) expect(example, entry.name).to.be.an('object');
      expect(entry).to.include({ version: 1, deprecated: false, updated_at: null });
    }
  });

  it('registers a platform type with its schema and examples, at version 1', () => {
    spec.given([]).when(register()).then([registered]);
    const state = fold(eventTypeDecider, [registered]);
    expect(entryOf(state, 'shipment.dispatched')).to.deep.equal({
      name: 'shipment.dispatched',
      family: 'platform',
      description: 'A shipment left the warehouse.',
      deliverable: true,
      schema: shipmentSchema,
      examples: [shipment],
      version: 1,
      deprecated: false,
      updated_at: NOW,
    });
  });

  it('gives a type without schema or examples the open schema and {} as its example', () => {
    spec
      .given([])
      .when(register({ schema: undefined, examples: undefined, family: 'logistics' }))
      .then([
        {
          type: 'event_type.registered',
          data: {
            ...registered.data,
            family: 'logistics',
            schema: { type: 'object' },
            examples: [{}],
          },
        },
      ]);
  });

  it('refuses a name that is taken, built in or registered (409)', () => {
    spec.given([registered]).when(register()).thenFails('conflict');
    spec
      .given([])
      .when(register({ name: 'order.created' }))
      .thenFails('conflict');
    spec
      .given([])
      .when(register({ name: 'process.instance.created' }))
      .thenFails('conflict');
  });

  it('refuses names out of the pattern or in the service’s own families (400, at name)', () => {
    for (const name of [
      'shipment',
      'Shipment.dispatched',
      'shipment..dispatched',
      '1shipment.x',
      'shipment.dispatched.',
      'extension.sync.started',
      'webhook.other',
      'message.sent',
      'process.custom',
      `a.${'b'.repeat(127)}`,
    ]) {
      expect(faultPaths([], register({ name })), name).to.deep.equal({
        code: 'validation_failed',
        paths: ['name'],
      });
    }
  });

  it('refuses bounds out of range (400): description, family, example count and size', () => {
    expect(faultPaths([], register({ description: '' })).paths).to.deep.equal(['description']);
    expect(faultPaths([], register({ description: 'x'.repeat(1001) })).paths).to.deep.equal([
      'description',
    ]);
    expect(faultPaths([], register({ family: 'Logistics' })).paths).to.deep.equal(['family']);
    expect(
      faultPaths([], register({ examples: Array.from({ length: 21 }, () => shipment) })).paths,
    ).to.deep.equal(['examples']);
    const big = { shipment_id: 'shp_1', note: 'x'.repeat(64 * 1024) };
    expect(faultPaths([], register({ examples: [shipment, big] }))).to.deep.equal({
      code: 'validation_failed',
      paths: ['examples.1'],
    });
  });

  it('refuses a schema the hardened compiler refuses, or examples it does not accept (422)', () => {
    const cases: Array<[Partial<RegisterEventType>, string[]]> = [
      [{ schema: { type: 'object', requried: ['a'] } }, ['schema']],
      [
        { schema: { type: 'object', properties: { a: { pattern: '(a)\\1' } } } },
        ['schema.properties.a.pattern'],
      ],
      [{ schema: { type: 'string' } }, ['schema.type']],
      [{ schema: { type: 'object', description: 'x'.repeat(70_000) } }, ['schema']],
      [{ examples: [{ weight_g: 3 }] }, ['examples.0.shipment_id']],
      [
        { examples: [shipment, { shipment_id: 'box_1', weight_g: 'heavy' }] },
        ['examples.1.shipment_id', 'examples.1.weight_g'],
      ],
      // A deliverable type shows an example: none sent, and {} is not data of the schema.
      [{ examples: undefined }, ['examples']],
      [{ examples: [] }, ['examples']],
    ];
    for (const [overrides, paths] of cases) {
      expect(
        faultPaths([], register(overrides)),
        JSON.stringify(overrides).slice(0, 80),
      ).to.deep.equal({
        code: 'invalid_schema',
        paths,
      });
    }
    // A type that is not delivered needs no example.
    spec
      .given([])
      .when(register({ examples: [], deliverable: false }))
      .then([{ ...registered, data: { ...registered.data, examples: [], deliverable: false } }]);
  });

  it('adds one to the version when the schema changes, and only then', () => {
    const loose = { type: 'object', required: ['shipment_id'] };
    spec
      .given([registered])
      .when(update({ schema: loose, description: 'Left the warehouse.' }))
      .then([
        {
          type: 'event_type.updated',
          data: {
            name: 'shipment.dispatched',
            version: 2,
            updated_at: LATER,
            description: 'Left the warehouse.',
            schema: loose,
          },
        },
      ]);
    spec
      .given([registered])
      .when(update({ deprecated: true, examples: [{ shipment_id: 'shp_2' }] }))
      .then([
        {
          type: 'event_type.updated',
          data: {
            name: 'shipment.dispatched',
            version: 1,
            updated_at: LATER,
            examples: [{ shipment_id: 'shp_2' }],
            deprecated: true,
          },
        },
      ]);
    // The same schema in another key order is no change; nothing changed records nothing.
    const reordered = {
      properties: shipmentSchema.properties,
      required: ['shipment_id'],
      type: 'object',
    };
    spec
      .given([registered])
      .when(update({ schema: reordered }))
      .then([]);
    spec
      .given([registered])
      .when(update({ description: registered.data.description, deprecated: false }))
      .then([]);
  });

  it('changes built-in types too, from their shipped entry', () => {
    const schema = { type: 'object', required: ['order_id'] };
    spec
      .given([])
      .when(update({ name: 'order.created', schema, examples: [{ order_id: 'ord_1' }] }))
      .then([
        {
          type: 'event_type.updated',
          data: {
            name: 'order.created',
            version: 2,
            updated_at: LATER,
            schema,
            examples: [{ order_id: 'ord_1' }],
          },
        },
      ]);
  });

  it('refuses an update of no type (404), and a schema its examples no longer match (422)', () => {
    spec.given([]).when(update()).thenFails('not_found');
    spec
      .given([])
      .when(update({ name: 'extension.sync.started' }))
      .thenFails('not_found');
    const strict = { type: 'object', required: ['carrier'] };
    expect(faultPaths([registered], update({ schema: strict }))).to.deep.equal({
      code: 'invalid_schema',
      paths: ['examples.0.carrier'],
    });
    expect(faultPaths([registered], update({ examples: [{ weight_g: 1 }] }))).to.deep.equal({
      code: 'invalid_schema',
      paths: ['examples.0.shipment_id'],
    });
    // The built-in order.created ships an example without `carrier`.
    expect(faultPaths([], update({ name: 'order.created', schema: strict })).code).to.equal(
      'invalid_schema',
    );
    spec
      .given([registered])
      .when(update({ schema: strict, examples: [{ carrier: 'dhl' }] }))
      .then([
        {
          type: 'event_type.updated',
          data: {
            name: 'shipment.dispatched',
            version: 2,
            updated_at: LATER,
            schema: strict,
            examples: [{ carrier: 'dhl' }],
          },
        },
      ]);
  });
});

import { builtInEntry } from '../../domain/catalog/eventCatalog.js';
import { EVENT_TYPES_STREAM } from '../../domain/catalog/eventTypeDecider.js';
import { EVENT_TYPES, builtInDoc, eventTypesProjection } from '../../projections/eventTypes.js';
import { projectionSpec, recorded } from '../support/projectionSpec.js';

const spec = projectionSpec(eventTypesProjection);
const schema = { type: 'object', required: ['shipment_id'] };

describe('event types projection', () => {
  it('puts a registered type at version 1, not deprecated', () => {
    spec
      .when(
        recorded(EVENT_TYPES_STREAM, 'event_type.registered', {
          name: 'shipment.dispatched',
          family: 'logistics',
          description: 'A shipment left the warehouse.',
          deliverable: true,
          schema,
          examples: [{ shipment_id: 'shp_1' }],
          registered_at: '2026-05-01T10:00:00.000Z',
        }),
      )
      .then([
        {
          op: 'put',
          collection: EVENT_TYPES,
          doc: {
            id: 'shipment.dispatched',
            object: 'event_type',
            name: 'shipment.dispatched',
            family: 'logistics',
            description: 'A shipment left the warehouse.',
            deliverable: true,
            schema,
            examples: [{ shipment_id: 'shp_1' }],
            version: 1,
            deprecated: false,
            updated_at: '2026-05-01T10:00:00.000Z',
            built_in: false,
            registered_at: '2026-05-01T10:00:00.000Z',
          },
        },
      ]);
  });

  it('sets what an update changed; a built-in type’s first update starts from its shipped entry', () => {
    const changes = { version: 2, updated_at: '2026-05-02T10:00:00.000Z', schema };
    spec
      .when(
        recorded(EVENT_TYPES_STREAM, 'event_type.updated', {
          name: 'shipment.dispatched',
          ...changes,
        }),
        recorded(EVENT_TYPES_STREAM, 'event_type.updated', { name: 'order.created', ...changes }),
      )
      .then([
        { op: 'patch', collection: EVENT_TYPES, id: 'shipment.dispatched', set: changes },
        {
          op: 'patch',
          collection: EVENT_TYPES,
          id: 'order.created',
          set: changes,
          setOnInsert: builtInDoc(builtInEntry('order.created')!),
        },
      ]);
  });

  it('reads the catalog’s stream only', () => {
    spec.ignores(recorded('event-evt_1', 'order.created', { id: 'evt_1' }));
    spec.ignores(recorded('event_types_other', 'event_type.registered', { name: 'x.y' }));
  });
});

import { expect } from 'chai';
import type { DeliveryEvent } from '../../../domain/deliveries/delivery.js';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';
import { emptyMetadata, position } from '../../../domain/shared/envelope.js';
import { knownDeliveries } from '../../../src/delivery/knownDeliveries.js';

const T0 = '2026-01-01T00:00:00.000Z';

/** The plan of a delivery to `endpointId`, as the log records it: the first event of its stream. */
const planOf = (deliveryId: string, endpointId: string): RecordedEvent<DeliveryEvent> => ({
  id: `ev_${deliveryId}`,
  type: 'delivery.planned',
  data: {
    event_id: 'evt_1',
    endpoint_id: endpointId,
    merchant_id: 'mer_a',
    event_type: 'order.created',
    trigger: 'initial',
    replay_id: null,
    due_at: T0,
    planned_at: T0,
  },
  metadata: emptyMetadata(),
  stream: deliveryId,
  revision: 0,
  position: position(1),
  recorded_at: T0,
});

describe('what a dispatcher knows of the deliveries it plans to try', () => {
  it('notes only the plans of endpoints it holds, and forgets them all when its holding changes', () => {
    const held = new Set(['we_mine']);
    const known = knownDeliveries((endpointId) => held.has(endpointId));
    known.note(planOf('del_mine', 'we_mine'));
    known.note(planOf('del_theirs', 'we_theirs'));

    // Another dispatcher may try the other's delivery: this one reads its stream before a try.
    expect(known.take('del_theirs').known).to.equal(undefined);
    expect(known.take('del_mine').known?.revision).to.equal(0);

    known.note(planOf('del_mine_2', 'we_mine'));
    // The holding changed (a partition lost, or gained back): what was heard may be stale.
    held.add('we_theirs');
    known.forgetAll();
    expect(known.take('del_mine_2').known).to.equal(undefined);
  });
});

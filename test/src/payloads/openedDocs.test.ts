import { expect } from 'chai';
import type { BusinessEventData } from '../../../domain/events/businessEvent.js';
import type { DeliveryAttempted } from '../../../domain/deliveries/deliveryTypes.js';
import type { AttemptDoc } from '../../../projections/deliveries.js';
import { eventDoc } from '../../../projections/events.js';
import type { DataKeys } from '../../../src/payloads/dataKeys.js';
import { dataKeys } from '../../../src/payloads/dataKeys.js';
import { openAttemptDoc, openEventDocs } from '../../../src/payloads/openedDocs.js';
import { sealEvents } from '../../../src/payloads/sealedEvents.js';
import type { KeysFolder } from './payloadFixtures.js';
import { MARKER, attemptEvent, businessEvent, keysFolder } from './payloadFixtures.js';

const NOW = new Date('2026-01-01T10:00:00.000Z');
type SealedAttempt = DeliveryAttempted['data'] & { sealed_response_body?: string };

/** An attempt as the read model keeps it: copied from the log, its answer sealed. */
const attemptDocOf = (a: SealedAttempt): AttemptDoc => ({
  id: a.attempt_id,
  object: 'webhook_attempt',
  endpoint_id: a.endpoint_id,
  merchant_id: a.merchant_id,
  event_id: a.event_id,
  event_type: a.event_type,
  attempt_number: a.attempt_number,
  trigger: a.trigger,
  status: a.status,
  url: a.url,
  response_status_code: a.response_status_code,
  response_body: a.response_body,
  ...(a.sealed_response_body !== undefined && { sealed_response_body: a.sealed_response_body }),
  error: a.error,
  duration_ms: a.duration_ms,
  created_at: a.created_at,
  next_attempt_at: a.next_attempt_at,
});

describe('Read model documents, opened as they are served', () => {
  let folder: KeysFolder;
  let keys: DataKeys;

  beforeEach(() => {
    folder = keysFolder();
    keys = dataKeys(folder.store, folder.master);
  });
  afterEach(() => folder.close());

  const sealedEventDoc = async (merchantId: string, eventId: string) => {
    const original = businessEvent(merchantId, eventId);
    const [sealed] = await sealEvents(keys, `event-${eventId}`, [original], NOW);
    return {
      original: eventDoc(original.type, original.data as BusinessEventData),
      sealed: eventDoc(sealed!.type, sealed!.data as BusinessEventData),
    };
  };

  it('opens event documents, and says which ones were erased', async () => {
    const kept = await sealedEventDoc('m_kept', 'evt_1');
    const erased = await sealedEventDoc('m_erased', 'evt_2');
    expect(JSON.stringify(kept.sealed)).to.not.include(MARKER);
    await keys.erase('m_erased', NOW);

    expect(await openEventDocs(keys, [kept.sealed, erased.sealed, kept.original])).to.deep.equal([
      kept.original,
      { ...erased.original, data: null, erased: true },
      kept.original,
    ]);
  });

  it("opens an attempt's answer, and has none once its key is destroyed", async () => {
    const original = attemptEvent('m_1', `answer: ${MARKER}`);
    const [sealed] = await sealEvents(keys, 'delivery-1', [original], NOW);
    const doc = attemptDocOf(sealed!.data as SealedAttempt);
    expect(JSON.stringify(doc)).to.not.include(MARKER);

    expect(await openAttemptDoc(keys, doc)).to.deep.equal(
      attemptDocOf(original.data as SealedAttempt),
    );
    await keys.erase('m_1', NOW);
    expect(await openAttemptDoc(keys, doc)).to.deep.equal({
      ...attemptDocOf(original.data as SealedAttempt),
      response_body: null,
      response_body_unreadable: 'erased',
    });
  });
});

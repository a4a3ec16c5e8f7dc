import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { PayloadKeyStore } from '../../../adapters/payloadkeys/port.js';
import {
  KEYS_FILE,
  sqlitePayloadKeys,
} from '../../../adapters/payloadkeys/sqlite/sqlitePayloadKeys.js';
import type { BusinessEventData } from '../../../domain/events/businessEvent.js';
import type { DeliveryAttempted } from '../../../domain/deliveries/deliveryTypes.js';
import type { NewEvent, RecordedEvent } from '../../../domain/shared/envelope.js';
import { emptyMetadata, position } from '../../../domain/shared/envelope.js';
import type { SecretBox } from '../../../src/secrets/secretBox.js';
import { secretBox } from '../../../src/secrets/secretBox.js';
import { tempDir } from '../../support/tempDir.js';

/** Text no sealed form may show: found anywhere, a payload leaked in clear. */
export const MARKER = 'PLAINTEXT-MARKER-7f3a';

/** The data keys' own SQLite file in a temp folder, and the service's encryption key. */
export type KeysFolder = {
  path: string;
  store: PayloadKeyStore;
  encryptionKey: Buffer;
  master: SecretBox;
  close: () => Promise<void>;
};

export const keysFolder = (): KeysFolder => {
  const dir = tempDir();
  const store = sqlitePayloadKeys(join(dir.path, KEYS_FILE));
  const encryptionKey = randomBytes(32);
  return {
    path: dir.path,
    store,
    encryptionKey,
    master: secretBox(encryptionKey),
    close: async () => {
      await store.close();
      dir.remove();
    },
  };
};

/** The error a promise rejects with; fails the test if it resolves. */
export const rejection = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );

export const businessEvent = (merchantId: string, eventId = `evt_${randomUUID()}`): NewEvent => {
  const data: BusinessEventData = {
    id: eventId,
    merchant_id: merchantId,
    created_at: '2026-01-01T10:00:00.000Z',
    data: { note: MARKER, order: { id: 'ord_1', total: 4200, lines: [1, 2] } },
    channels: null,
  };
  return { id: randomUUID(), type: 'order.created', data, metadata: emptyMetadata() };
};

export const attemptEvent = (merchantId: string, responseBody: string | null): NewEvent => {
  const data: DeliveryAttempted['data'] = {
    event_id: 'evt_1',
    endpoint_id: 'ep_1',
    merchant_id: merchantId,
    event_type: 'order.created',
    attempt_id: `att_${randomUUID()}`,
    attempt_number: 1,
    trigger: 'initial',
    created_at: '2026-01-01T10:00:01.000Z',
    next_attempt_at: null,
    status: 'succeeded',
    url: 'https://example.com/hooks',
    response_status_code: 200,
    response_body: responseBody,
    error: null,
    duration_ms: 12,
  };
  return { id: randomUUID(), type: 'delivery.attempted', data, metadata: emptyMetadata() };
};

/** Events as the log would give them back from `stream`. */
export const recorded = (stream: string, events: readonly NewEvent[]): RecordedEvent[] =>
  events.map((event, revision) => ({
    ...event,
    stream,
    revision,
    position: position(revision + 1),
    recorded_at: '2026-01-01T10:00:02.000Z',
  }));

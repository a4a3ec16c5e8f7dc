import type { KafkaMessage } from 'kafkajs';
import type { RecordedEvent } from '../../../domain/shared/envelope.js';

/** An event as a message: the recorded event as JSON, its type also in a header for tooling. */
export const toMessage = (key: string, event: RecordedEvent) => ({
  key,
  value: JSON.stringify(event),
  headers: { 'sluice-event-type': event.type, 'sluice-event-id': event.id },
});

export const fromMessage = (message: KafkaMessage): RecordedEvent => {
  if (!message.value) throw new Error(`Message at offset ${message.offset} has no value.`);
  return JSON.parse(message.value.toString('utf8')) as RecordedEvent;
};

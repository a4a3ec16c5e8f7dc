import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../domain/shared/envelope.js';
import { emptyMetadata } from '../../domain/shared/envelope.js';

/** An event to append, with what a test cares about and defaults for the rest. */
export const newEvent = (
  type: string,
  data: unknown = {},
  merchant: string | null = null,
): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { ...emptyMetadata(), merchant_id: merchant },
});

/** A logger sink that keeps every line, to look for what must never be logged. */
export const logLines = (): { lines: string[]; sink: Writable } => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, sink };
};

import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { isPosition } from '../../../domain/shared/envelope.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { Committed } from './groupCommit.js';

/**
 * A notification's payload is at most 8,000 bytes: a notice is kept under it, with room for its
 * envelope.
 */
const MAX_NOTICE_BYTES = 7_600;
/** The most notices sent in one statement. */
const NOTICES_PER_STATEMENT = 16;

/**
 * What another process told of an append it committed: the log's stretch after `before` up to
 * `last`, and the events of that stretch, all of them, when they fit in the notification (absent
 * when they did not: the stretch is then read from the log).
 */
export type AppendNotice = {
  before: Position | undefined;
  last: Position;
  events?: readonly RecordedEvent[];
};

type Wire = { p: string; b: string | null; l: string; e?: readonly RecordedEvent[] };

/**
 * The notices of a committed group, in order: its events cut into stretches that each fit in a
 * notification. An event too large to fit alone is told by its position only.
 */
export const noticesOf = (from: string, committed: Committed): string[] => {
  const payloads: string[] = [];
  let before: string | null = committed.before ?? null;
  let stretch: string[] = [];
  let bytes = 0;
  const envelope = (last: string, events: string | undefined) =>
    `{"p":${JSON.stringify(from)},"b":${JSON.stringify(before)},"l":${JSON.stringify(last)}${events === undefined ? '' : `,"e":[${events}]`}}`;
  let last = before;
  const close = () => {
    if (stretch.length === 0) return;
    payloads.push(envelope(last!, stretch.join(',')));
    before = last;
    stretch = [];
    bytes = 0;
  };
  for (const event of committed.events) {
    const json = JSON.stringify(event);
    const size = Buffer.byteLength(json) + 1;
    if (size > MAX_NOTICE_BYTES) {
      close();
      payloads.push(envelope(event.position, undefined));
      before = event.position;
      last = event.position;
      continue;
    }
    if (bytes + size > MAX_NOTICE_BYTES) close();
    stretch.push(json);
    bytes += size;
    last = event.position;
  }
  close();
  return payloads;
};

/** A payload as a notice, and who sent it; undefined when it is not one (an older sender's). */
export const parseNotice = (
  payload: string,
): { from: string; notice: AppendNotice } | undefined => {
  if (!payload.startsWith('{')) return undefined;
  try {
    const wire = JSON.parse(payload) as Partial<Wire>;
    if (typeof wire.p !== 'string' || !isPosition(wire.l)) return undefined;
    if (wire.b !== null && !isPosition(wire.b)) return undefined;
    const notice: AppendNotice = {
      before: wire.b ?? undefined,
      last: wire.l,
      ...(Array.isArray(wire.e) && { events: wire.e }),
    };
    return { from: wire.p, notice };
  } catch {
    return undefined;
  }
};

/**
 * Sends the notices of this process's commits on `channel`, in the order of the commits: those
 * that queue while a statement is on its way go together in the next one.
 */
export const noticeSender = (db: PostgresDatabase, channel: string) => {
  let queued: string[] = [];
  let sending: Promise<void> | undefined;
  const sendAll = async () => {
    while (queued.length > 0) {
      const batch = queued.slice(0, NOTICES_PER_STATEMENT);
      queued = queued.slice(batch.length);
      const calls = batch.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ');
      // A notice lost costs the others a read of the log: their poll of its head finds it.
      await db.pool.query(`SELECT ${calls}`, [channel, ...batch]).catch(() => undefined);
    }
  };
  const pump = () => {
    if (sending || queued.length === 0) return;
    sending = sendAll().finally(() => {
      sending = undefined;
      pump();
    });
  };
  return {
    send: (payloads: readonly string[]) => {
      queued.push(...payloads);
      pump();
    },
    /** Once every notice queued so far is sent (or given up). */
    sent: async () => {
      while (sending) await sending;
    },
  };
};

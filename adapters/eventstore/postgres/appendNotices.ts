import type { Position, RecordedEvent } from '../../../domain/shared/envelope.js';
import { isPosition } from '../../../domain/shared/envelope.js';

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

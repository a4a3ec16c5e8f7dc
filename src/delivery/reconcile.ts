import type { Position } from '../../domain/shared/envelope.js';
import type { Services } from '../services.js';
import { plannerProcessor } from './planner.js';

type Needs = Pick<
  Services,
  'eventStore' | 'logger' | 'now' | 'projector' | 'readStore' | 'webhookBodies'
>;

export type Reconciliation = {
  /** Business events read from the log and planned again. */
  events: number;
  /** Where this stretch ended: the next one starts after it. */
  nextPosition: Position | undefined;
  /** False once the stretch reached the end of the log. */
  hasMore: boolean;
};

/**
 * Plans again, from the log itself, the business events of a stretch of it: what the feed lost
 * (a topic whose data was lost or expired past the relay's checkpoint) is planned now, and what
 * was planned is left as it is, since planning is idempotent (a delivery stream is created once).
 * A stretch holds at most `limit` business events, so an operator walks a long log in steps.
 */
export const reconcileDeliveries = async (
  services: Needs,
  after: Position | undefined,
  limit: number,
): Promise<Reconciliation> => {
  const planner = plannerProcessor(services);
  const page = await services.eventStore.readAll({
    ...(after !== undefined && { after }),
    ...(planner.filter && { filter: planner.filter }),
    limit,
  });
  const scannedTo = page.scannedTo ?? after;
  if (page.events.length > 0 && scannedTo !== undefined)
    await planner.handle(page.events, { scannedTo });
  return { events: page.events.length, nextPosition: scannedTo, hasMore: !page.atEnd };
};

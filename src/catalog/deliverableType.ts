import { builtInEntry, isPlatformTypeName } from '../../domain/catalog/eventCatalog.js';
import { EVENT_TYPES } from '../../projections/eventTypes.js';
import { getDoc } from '../reads/readModels.js';
import type { Services } from '../services.js';

/** Reads shared by the events of one batch (the planner's): each key is read once. */
type SharedReads = { once: <T>(key: string, read: () => Promise<T>) => Promise<T> };

/**
 * Is an event of this type delivered by webhook? Built-in types say so themselves; a registered
 * type says so in its catalog document (whether it is deliverable never changes). The planner reads
 * it once the catalog's read model has caught up with the events it plans, so a type without a
 * document was never registered: its events are recorded, not delivered.
 */
export const isDeliverableType = async (
  services: Pick<Services, 'readStore'>,
  type: string,
  reads: SharedReads,
): Promise<boolean> => {
  const builtIn = builtInEntry(type);
  if (builtIn) return builtIn.deliverable;
  if (!isPlatformTypeName(type)) return false;
  const doc = await reads.once(`event_type:${type}`, () =>
    getDoc(services.readStore, EVENT_TYPES, type),
  );
  return doc?.deliverable === true;
};

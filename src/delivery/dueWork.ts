import type { ReadStore } from '../../adapters/readstore/port.js';
import type { DueDoc } from '../../projections/deliveries.js';
import { DELIVERIES_DUE } from '../../projections/deliveries.js';

const FIRST_LOOK = 256;
const PER_ENDPOINT = 64;

export type DueWork = {
  /** Deliveries just planned or requeued, known from their events: listed without reading the queue. */
  offer: (docs: readonly DueDoc[]) => void;
  /** News came: for these endpoints (all when none are named) the queue may hold more than was read. */
  invalidate: (endpointIds?: readonly string[]) => void;
  /**
   * Offers due deliveries, oldest first per endpoint, endpoint after endpoint: `start` takes one or
   * says the endpoint is busy; `full` stops the round.
   */
  drain: (options: {
    busy: () => string[];
    excluded: () => string[];
    start: (due: DueDoc) => Promise<boolean>;
    full: () => boolean;
  }) => Promise<void>;
};

/**
 * What is due, read from the durable queue into one list per endpoint, so that the next delivery
 * to an endpoint is at hand when a slot of it frees: the queue is read again for an endpoint only
 * when its list runs dry, and as a whole only when news came. A busy endpoint's backlog is never
 * read again and again, and never hides the other endpoints' work.
 */
export const dueWork = (readStore: ReadStore): DueWork => {
  const lists = new Map<string, { docs: DueDoc[]; more: boolean }>();
  const listed = new Set<string>();
  let stale = true;

  const add = (doc: DueDoc) => {
    if (listed.has(doc.id)) return;
    listed.add(doc.id);
    let list = lists.get(doc.endpoint_id);
    if (!list) {
      list = { docs: [], more: false };
      lists.set(doc.endpoint_id, list);
    }
    list.docs.push(doc);
  };

  const readAll = async (busy: string[], excluded: string[]) => {
    const known = [...lists].filter(([, list]) => list.docs.length > 0).map(([id]) => id);
    const page = await readStore.find(DELIVERIES_DUE, {
      range: { lte: Date.now() },
      exclude: { endpoint_id: [...new Set([...busy, ...known])], id: excluded },
      orderBy: { field: 'due_at_ms', direction: 'asc' },
      limit: FIRST_LOOK,
    });
    for (const doc of page.docs as DueDoc[]) add(doc);
    if (page.nextCursor !== null)
      for (const doc of page.docs as DueDoc[]) lists.get(doc.endpoint_id)!.more = true;
    // Endpoints left out for being busy may have work due too: look when they free up.
    for (const id of busy) {
      const list = lists.get(id) ?? { docs: [], more: true };
      list.more = true;
      lists.set(id, list);
    }
    stale = false;
  };

  const readEndpoint = async (endpointId: string, excluded: string[]) => {
    const page = await readStore.find(DELIVERIES_DUE, {
      where: { endpoint_id: endpointId },
      range: { lte: Date.now() },
      exclude: { id: excluded },
      orderBy: { field: 'due_at_ms', direction: 'asc' },
      limit: PER_ENDPOINT,
    });
    for (const doc of page.docs as DueDoc[]) add(doc);
    const list = lists.get(endpointId);
    if (list) list.more = page.nextCursor !== null;
  };

  return {
    offer: (docs) => {
      for (const doc of docs) add(doc);
    },
    invalidate: (endpointIds) => {
      stale = true;
      for (const [id, list] of lists)
        if (!endpointIds || endpointIds.includes(id)) list.more = true;
    },
    drain: async ({ busy, excluded, start, full }) => {
      if (stale) await readAll(busy(), excluded());
      for (const [endpointId, list] of lists) {
        while (!full()) {
          if (list.docs.length === 0) {
            if (!list.more) break;
            await readEndpoint(endpointId, excluded());
            if (list.docs.length === 0) break;
          }
          const next = list.docs[0]!;
          if (!(await start(next))) break;
          list.docs.shift();
          listed.delete(next.id);
        }
        if (list.docs.length === 0 && !list.more) lists.delete(endpointId);
        if (full()) return;
      }
    },
  };
};

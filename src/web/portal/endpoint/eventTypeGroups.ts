import type { Schemas } from '../../shared/api';

export type EventType = Schemas['EventType'];

/** The part of a type's name before its first dot: `order` for `order.created`. */
export const prefixOf = (name: string): string => name.split('.')[0] ?? name;

export type EventTypeGroup = { prefix: string; label: string; types: EventType[] };

/** Types grouped by prefix (`order.*`, `invoice.*`…), groups and types in the catalog's order. */
export const groupByPrefix = (types: readonly EventType[]): EventTypeGroup[] => {
  const groups = new Map<string, EventTypeGroup>();
  for (const type of types) {
    const prefix = prefixOf(type.name);
    const group = groups.get(prefix) ?? { prefix, label: `${prefix}.*`, types: [] };
    group.types.push(type);
    groups.set(prefix, group);
  }
  return [...groups.values()];
};

/** Whether a type's name holds what the reader searched for (any case, any part). */
export const matchesSearch = (type: EventType, search: string): boolean =>
  type.name.toLowerCase().includes(search.trim().toLowerCase());
